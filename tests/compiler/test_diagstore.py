"""The persistent store of published diagnostics (pyasc.diagstore) and what an analysis reads (pyasc.reads):
exact hits only, misses for every changed part, and no failure of the file system ever raised."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from pyasc import diagstore, reads
from pyasc.compiler.pipeline.analysis import analyze

CONTEXT = {"build": "b1", "path": "/p/k.py", "uri": "file:///p/k.py", "encoding": "utf-16",
           "docs": "file:///d.md", "config": {"soc_version": "Ascend910B1", "severity": {"PA701": "error"}}}
PAYLOAD = [{"range": {"start": {"line": 3, "character": 4}, "end": {"line": 3, "character": 9}},
            "message": "asc has no function named 'ad'; did you mean 'add'? 向量 😀", "severity": 1, "code": "PA202",
            "codeDescription": {"href": "file:///d.md#pa202"}, "source": "pyasc", "tags": [1],
            "relatedInformation": [{"location": {"uri": "file:///p/c.py", "range": {
                "start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 3}}},
                "message": "defined here"}]}]

KERNEL = """\
import pyasc as asc
from consts import TILE


@asc.jit
def k(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(q, 2, TILE * 2)
"""


def test_a_stored_payload_comes_back_exactly(tmp_path: Path) -> None:
    store = diagstore.Store(tmp_path)
    assert store.put(CONTEXT, "text", [], PAYLOAD)
    assert store.get(dict(CONTEXT), "text") == PAYLOAD
    # one file per context: writing again replaces it
    assert store.put(CONTEXT, "text 2", [], [])
    assert store.get(CONTEXT, "text") is None
    assert store.get(CONTEXT, "text 2") == []
    assert len(list(store.folder.glob("*.json"))) == 1


@pytest.mark.parametrize("part", sorted(CONTEXT))
def test_each_part_of_the_context_changed_is_a_miss(tmp_path: Path, part: str) -> None:
    store = diagstore.Store(tmp_path)
    store.put(CONTEXT, "text", [], PAYLOAD)
    changed = {**CONTEXT, part: {"other": 1} if isinstance(CONTEXT[part], dict) else CONTEXT[part] + "x"}
    assert store.get(changed, "text") is None
    assert store.get(CONTEXT, "text") == PAYLOAD


def test_a_nested_setting_changed_is_a_miss(tmp_path: Path) -> None:
    store = diagstore.Store(tmp_path)
    store.put(CONTEXT, "text", [], PAYLOAD)
    config = {**CONTEXT["config"], "severity": {"PA701": "warning"}}  # type: ignore[dict-item]
    assert store.get({**CONTEXT, "config": config}, "text") is None


def test_the_text_changed_by_one_character_is_a_miss(tmp_path: Path) -> None:
    store = diagstore.Store(tmp_path)
    store.put(CONTEXT, "x = 1\n", [], PAYLOAD)
    assert store.get(CONTEXT, "x = 2\n") is None
    assert store.get(CONTEXT, "x = 1\r\n") is None


def test_a_file_read_that_changed_or_appeared_is_a_miss(tmp_path: Path) -> None:
    store = diagstore.Store(tmp_path / "store")
    used, absent = tmp_path / "consts.py", tmp_path / "pkg" / "consts.py"
    used.write_text("TILE = 128\n", encoding="utf-8")
    seen = [(str(used), reads.state(used)), (str(absent), reads.state(absent))]
    assert seen[1][1] == reads.ABSENT
    store.put(CONTEXT, "text", seen, PAYLOAD)
    assert store.get(CONTEXT, "text") == PAYLOAD
    used.write_text("TILE = 256\n", encoding="utf-8")
    assert store.get(CONTEXT, "text") is None
    used.write_text("TILE = 128\n", encoding="utf-8")
    assert store.get(CONTEXT, "text") == PAYLOAD  # the same bytes again: the same state
    absent.parent.mkdir()
    absent.write_text("TILE = 128\n", encoding="utf-8")
    assert store.get(CONTEXT, "text") is None
    store.put(CONTEXT, "text", [(str(used), reads.UNSTABLE)], PAYLOAD)
    assert store.get(CONTEXT, "text") is None


def test_the_analysis_records_every_candidate_it_looked_for(tmp_path: Path) -> None:
    consts = tmp_path / "consts.py"
    consts.write_text("TILE = 64\n", encoding="utf-8")
    kernel = tmp_path / "k.py"
    result = analyze(KERNEL, str(kernel))
    recorded = dict(result.reads)
    assert recorded == {str(consts): reads.state(consts)}  # the first candidate was there
    consts.unlink()
    result = analyze(KERNEL, str(kernel))
    recorded = dict(result.reads)
    # then every candidate: next to the file and two folders up, as a module and as a package
    expected = {str(root / "consts.py") for root in (tmp_path, tmp_path.parent, tmp_path.parent.parent)} | \
        {str(root / "consts" / "__init__.py") for root in (tmp_path, tmp_path.parent, tmp_path.parent.parent)}
    assert set(recorded) == expected
    assert all(recorded[p] == reads.state(p) for p in expected)
    assert analyze(KERNEL, "<memory>").reads == ()


def test_read_source_reads_as_python_reads_a_source_file(tmp_path: Path) -> None:
    f = tmp_path / "m.py"
    f.write_bytes(b"A = 1\r\nB = '\xff'\rC = 3\n")
    assert reads.read_source(f) == f.read_text(encoding="utf-8", errors="replace")
    assert reads.read_source(tmp_path) is None
    assert reads.read_source(tmp_path / "missing.py") is None
    big = tmp_path / "big.py"
    big.write_bytes(b"#" * reads.SIZE_LIMIT)
    assert reads.read_source(big) is None and reads.state(big) == reads.ABSENT


def test_a_path_read_twice_with_different_contents_is_unstable(tmp_path: Path) -> None:
    f = tmp_path / "m.py"
    f.write_text("A = 1\n", encoding="utf-8")
    with reads.recording() as outer:
        reads.read_source(f)
        with reads.recording() as inner:
            f.write_text("A = 2\n", encoding="utf-8")
            reads.read_source(f)
    assert inner == {str(f): reads.state(f)}
    assert outer == {str(f): reads.UNSTABLE}


@pytest.mark.parametrize("body", [b"", b"{", b"[]", b"null", b'{"format": 1}', b"\xff\xfe garbage",
                                  b'{"format": 99, "context": "", "text": "", "reads": [], "payload": []}'])
def test_a_corrupt_entry_is_a_miss(tmp_path: Path, body: bytes) -> None:
    store = diagstore.Store(tmp_path)
    store.put(CONTEXT, "text", [], PAYLOAD)
    (entry,) = store.folder.glob("*.json")
    entry.write_bytes(body)
    assert store.get(CONTEXT, "text") is None
    assert store.put(CONTEXT, "text", [], PAYLOAD)  # and the next write repairs it
    assert store.get(CONTEXT, "text") == PAYLOAD


def test_entries_with_wrong_shapes_are_misses(tmp_path: Path) -> None:
    store = diagstore.Store(tmp_path)
    store.put(CONTEXT, "text", [], PAYLOAD)
    (entry,) = store.folder.glob("*.json")
    data = json.loads(entry.read_text(encoding="utf-8"))
    for reads_value in (None, 3, [["only-a-path"]], [[1, 2, 3]]):
        entry.write_text(json.dumps({**data, "reads": reads_value}), encoding="utf-8")
        assert store.get(CONTEXT, "text") is None


def test_an_unwritable_folder_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    store = diagstore.Store(blocker)  # its folder would be inside a regular file
    assert store.put(CONTEXT, "text", [], PAYLOAD) is False
    assert store.write_error is not None
    assert store.get(CONTEXT, "text") is None
    assert store.evict() == 0


def test_an_entry_that_cannot_be_encoded_or_is_too_large_is_not_kept(tmp_path: Path) -> None:
    store = diagstore.Store(tmp_path)
    assert store.put(CONTEXT, "text", [], [{"x": object()}]) is False
    assert store.put(CONTEXT, "text", [], ["x" * diagstore.MAX_ENTRY]) is False
    assert not store.folder.exists() or not list(store.folder.glob("*.json"))


def test_the_least_recently_used_entries_are_evicted(tmp_path: Path) -> None:
    store = diagstore.Store(tmp_path, max_entries=3)
    contexts = [{**CONTEXT, "path": f"/p/{i}.py"} for i in range(5)]
    for i, ctx in enumerate(contexts[:3]):
        store.put(ctx, "text", [], [i])
        os.utime(store._file(ctx), (1000 + i, 1000 + i))
    assert store.get(contexts[0], "text") == [0]  # used now: the newest
    store.put(contexts[3], "text", [], [3])
    assert [store.get(c, "text") for c in contexts[:4]] == [[0], None, [2], [3]]
    store.put(contexts[4], "text", [], [4])
    assert len(list(store.folder.glob("*.json"))) == 3


def test_the_store_is_bounded_in_bytes_and_old_temporary_files_go(tmp_path: Path) -> None:
    store = diagstore.Store(tmp_path, max_bytes=3000)
    for i in range(4):
        ctx = {**CONTEXT, "path": f"/p/{i}.py"}
        store.put(ctx, "text", [], ["x" * 900])
        os.utime(store._file(ctx), (1000 + i, 1000 + i))
    stale = store.folder / ".tmp-dead.json"
    fresh = store.folder / ".tmp-writing.json"
    stale.write_text("{", encoding="utf-8")
    fresh.write_text("{", encoding="utf-8")
    os.utime(stale, (1000, 1000))
    store.evict()
    kept = sorted(store.folder.glob("*.json"))
    assert sum(p.stat().st_size for p in kept) <= 3000
    assert store.get({**CONTEXT, "path": "/p/0.py"}, "text") is None
    assert store.get({**CONTEXT, "path": "/p/3.py"}, "text") == ["x" * 900]
    assert not stale.exists() and fresh.exists()


def test_two_writers_and_a_reader_never_see_half_an_entry(tmp_path: Path) -> None:
    store = diagstore.Store(tmp_path)
    payloads = [[{"n": n, "pad": "y" * 5000}] for n in range(2)]
    errors: list[BaseException] = []
    stop = threading.Event()

    def write(n: int) -> None:
        other = diagstore.Store(tmp_path)  # as a second server would
        for _ in range(100):
            other.put(CONTEXT, "text", [], payloads[n])

    def read() -> None:
        while not stop.is_set():
            try:
                got = store.get(CONTEXT, "text")
                assert got is None or got in payloads
            except BaseException as exc:  # noqa: BLE001 - reported below
                errors.append(exc)
                return

    reader = threading.Thread(target=read)
    reader.start()
    writers = [threading.Thread(target=write, args=(n,)) for n in range(2)]
    for t in writers:
        t.start()
    for t in writers:
        t.join()
    stop.set()
    reader.join()
    assert errors == []
    assert store.get(CONTEXT, "text") in payloads
    assert [p.name for p in store.folder.iterdir() if p.name.startswith(".tmp-")] == []


@pytest.mark.parametrize("value", ["0", "off", "OFF", "false", "no"])
def test_the_environment_turns_the_store_off(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv(diagstore.ENV, value)
    assert diagstore.location() is None and diagstore.open_store() is None


def test_the_store_lives_in_the_user_cache_unless_told(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(diagstore.ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert diagstore.location() == tmp_path / "xdg" / "pyasc" / "lsp"
    monkeypatch.setenv(diagstore.ENV, str(tmp_path / "mine"))
    store = diagstore.open_store()
    assert store is not None and store.folder == tmp_path / "mine" / f"v{diagstore.FORMAT}"


def test_the_fingerprint_follows_each_file_of_the_build(tmp_path: Path) -> None:
    root = tmp_path / "pkg"
    (root / "sub").mkdir(parents=True)
    (root / "__pycache__").mkdir()
    module = root / "sub" / "m.py"
    module.write_text("A = 1\n", encoding="utf-8")
    roots = (str(root),)
    first = diagstore.fingerprint(roots, "1.0")
    diagstore.fingerprint.cache_clear()
    (root / "__pycache__" / "m.cpython.pyc").write_bytes(b"x")
    assert diagstore.fingerprint(roots, "1.0") == first  # bytecode caches do not count
    assert diagstore.fingerprint(roots, "1.1") != first
    diagstore.fingerprint.cache_clear()
    os.utime(module, (2000, 2000))
    second = diagstore.fingerprint(roots, "1.0")
    assert second != first
    diagstore.fingerprint.cache_clear()
    (root / "new.py").write_text("", encoding="utf-8")
    assert diagstore.fingerprint(roots, "1.0") != second
    diagstore.fingerprint.cache_clear()


def test_the_store_is_importable_without_the_compiler() -> None:
    code = ("import sys, pyasc.diagstore, pyasc.reads; "
            "print(sorted(m for m in sys.modules if m.startswith('pyasc.compiler') or m.startswith('pyasc.language')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_an_overlay_stands_for_its_files_while_active(tmp_path: Path) -> None:
    """An editor's buffer is read instead of the file, unsaved text included; its state is the digest of its
    UTF-8 bytes (the file's, once saved), and the disk applies again outside the block or once it is dropped."""
    f = tmp_path / "m.py"
    f.write_text("A = 1\n", encoding="utf-8")
    on_disk = reads.state(f)
    overlay = reads.Overlay()
    overlay.set(f, "A = 2\r\n", tick=3)
    with reads.using(overlay), reads.recording() as seen:
        assert reads.read_source(f) == "A = 2\n"
        assert reads.read_source(tmp_path / "." / "m.py") == "A = 2\n"  # one file, however it is spelled
        assert reads.state(f) == hashlib.sha256(b"A = 2\r\n").hexdigest() != on_disk
    assert seen == {str(f): hashlib.sha256(b"A = 2\r\n").hexdigest()}
    assert reads.read_source(f) == "A = 1\n" and reads.state(f) == on_disk  # not active: the disk
    assert overlay.changed_at(f) == 3 and f in overlay
    overlay.set(f, "A = 1\n", tick=4)
    with reads.using(overlay):
        assert reads.state(f) == on_disk  # the same bytes as the file: the same state
    overlay.drop(f, tick=5)
    with reads.using(overlay):
        assert reads.read_source(f) == "A = 1\n"
    assert overlay.changed_at(f) == 5 and f not in overlay
    ghost = tmp_path / "unsaved.py"  # a buffer with no file behind it yet
    overlay.set(ghost, "B = 1\n")
    with reads.using(overlay):
        assert reads.read_source(ghost) == "B = 1\n"
    assert reads.read_source(ghost) is None


def test_an_analysis_reads_the_open_buffer_of_a_module_it_imports(tmp_path: Path) -> None:
    consts = tmp_path / "consts.py"
    consts.write_text("TILE = 64\n", encoding="utf-8")
    kernel = tmp_path / "k.py"
    overlay = reads.Overlay()
    overlay.set(consts, "TILE = 200000\n")
    with reads.using(overlay):
        result = analyze(KERNEL, str(kernel))
    assert dict(result.reads) == {str(consts): overlay.state(consts)}
    assert any(d.code == "PA601" for d in result.diagnostics), "the buffer's TILE overflows the Unified Buffer"
    assert not any(d.code == "PA601" for d in analyze(KERNEL, str(kernel)).diagnostics)
