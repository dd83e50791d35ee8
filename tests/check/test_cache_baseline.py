"""The content-keyed cache (hits, invalidation through imported modules), baselines, and parallel == serial."""

from __future__ import annotations

import json
from pathlib import Path

from check_samples import BAD, BAD_LINE, GOOD, WARN, run_check

# A kernel whose buffer size comes from another module of the project: PA602 (not a multiple of 32 bytes) appears
# or disappears when only consts.py changes.
IMPORTING = GOOD.replace("BUFFER_NUM = 2\nTILE_LENGTH = 128\n", "from .consts import BUFFER_NUM, TILE_LENGTH\n")


def _stats(err: str) -> str:
    return next(line for line in err.splitlines() if line.startswith("pyasc-check: ") and " files (" in line)


def _json(r) -> list[tuple[str, str, int]]:
    return [(d["path"], d["code"], d["line"]) for d in json.loads(r.out)["diagnostics"]]


def test_second_run_comes_from_the_cache_with_identical_output(project):
    (project / "bad.py").write_text(BAD, encoding="utf-8")
    (project / "good.py").write_text(GOOD, encoding="utf-8")
    cold = run_check("--no-cpp", "--stats", ".", cwd=project)
    assert "0 from cache" in _stats(cold.err)
    assert (project / ".pyasc_cache" / "check-v1").is_dir()
    assert (project / ".pyasc_cache" / ".gitignore").read_text(encoding="utf-8").strip().endswith("*")
    warm = run_check("--no-cpp", "--stats", ".", cwd=project)
    assert "2 from cache" in _stats(warm.err) and "0 analyzed" in _stats(warm.err)
    assert warm.out == cold.out and warm.rc == cold.rc == 1
    # Editing one file re-analyzes only that file.
    (project / "good.py").write_text(GOOD + "\n", encoding="utf-8")
    again = run_check("--no-cpp", "--stats", ".", cwd=project)
    assert "1 analyzed, 1 from cache" in _stats(again.err)
    # Other settings are other keys.
    other = run_check("--no-cpp", "--stats", "--soc-version", "Ascend310P", ".", cwd=project)
    assert "0 from cache" in _stats(other.err)


def test_changing_an_imported_constant_invalidates(project):
    pkg = project / "ops"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "consts.py").write_text("BUFFER_NUM = 2\nTILE_LENGTH = 128\n", encoding="utf-8")
    (pkg / "kernel.py").write_text(IMPORTING, encoding="utf-8")
    first = run_check("--no-cpp", "--stats", "--format", "json", ".", cwd=project)
    assert first.rc == 0 and _json(first) == []
    # TILE_LENGTH * 2 = 100 bytes is not a multiple of 32: the kernel (unchanged) now has a finding.
    (pkg / "consts.py").write_text("BUFFER_NUM = 2\nTILE_LENGTH = 50\n", encoding="utf-8")
    second = run_check("--no-cpp", "--stats", "--format", "json", ".", cwd=project)
    assert "0 from cache" in _stats(second.err)
    assert second.rc == 0 and any(code == "PA602" for _, code, _ in _json(second))  # a warning
    # The same finding from the cache when nothing changes.
    third = run_check("--no-cpp", "--stats", "--format", "json", ".", cwd=project)
    assert "1 from cache" in _stats(third.err) and third.out == second.out


def test_no_cache_and_cache_dir_variable(project, monkeypatch, tmp_path):
    (project / "k.py").write_text(GOOD, encoding="utf-8")
    r = run_check("--no-cpp", "--no-cache", "--stats", ".", cwd=project)
    assert "cache: off" in _stats(r.err) and not (project / ".pyasc_cache").exists()
    elsewhere = tmp_path / "elsewhere"
    monkeypatch.setenv("PYASC_CACHE_DIR", str(elsewhere))
    run_check("--no-cpp", ".", cwd=project)
    assert (elsewhere / "check-v1").is_dir() and not (project / ".pyasc_cache").exists()
    r = run_check("--no-cpp", "--stats", ".", cwd=project)
    assert "1 from cache" in _stats(r.err)


def test_checking_never_writes_outside_the_cache(project):
    (project / "bad.py").write_text(BAD, encoding="utf-8")
    (project / "sub").mkdir()
    (project / "sub" / "w.py").write_text(WARN, encoding="utf-8")
    before = {p: p.read_bytes() for p in project.rglob("*") if p.is_file()}
    for fmt in ("text", "json", "sarif", "github"):
        run_check("--no-cpp", "--format", fmt, ".", cwd=project)
    after = {p: p.read_bytes() for p in project.rglob("*") if p.is_file() and ".pyasc_cache" not in p.parts}
    assert after == before


def test_baseline_hides_known_findings_even_when_lines_move(project):
    (project / "bad.py").write_text(BAD, encoding="utf-8")
    w = run_check("--no-cpp", "--write-baseline", "baseline.json", ".", cwd=project)
    assert w.rc == 0 and "wrote 1 finding" in w.err
    saved = json.loads((project / "baseline.json").read_text(encoding="utf-8"))
    assert saved["version"] == 1
    assert [(e["path"], e["code"], e["line_text"]) for e in saved["findings"]] == [("bad.py", "PA202", BAD_LINE)]

    # Ten lines added above: the finding moved but is still the known one.
    moved = BAD.replace("BUFFER_NUM = 2\n", "BUFFER_NUM = 2\n" + "\n".join(f"X{i} = {i}" for i in range(10)) + "\n")
    (project / "bad.py").write_text(moved, encoding="utf-8")
    r = run_check("--no-cpp", "--baseline", "baseline.json", ".", cwd=project)
    assert r.rc == 0 and "1 finding hidden by the baseline" in r.out

    # A second, new misspelling is reported; the old one stays hidden.
    worse = moved.replace("asc.data_copy(z_gm[", "asc.data_cpy(z_gm[")
    (project / "bad.py").write_text(worse, encoding="utf-8")
    r = run_check("--no-cpp", "--baseline", "baseline.json", "--format", "json", ".", cwd=project)
    new = [d for d in json.loads(r.out)["diagnostics"] if d["code"] == "PA202"]
    assert r.rc == 1 and len(new) == 1
    assert "asc.data_cpy(" in worse.splitlines()[new[0]["line"] - 1]

    # Run from another folder: baseline paths are relative to the baseline file.
    r = run_check("--no-cpp", "--baseline", str(project / "baseline.json"), "--format", "json", str(project),
                  cwd=project.parent)
    assert [d["code"] for d in json.loads(r.out)["diagnostics"]].count("PA202") == 1


def test_parallel_output_equals_serial(project):
    for i in range(12):
        src = (BAD, GOOD, WARN)[i % 3]
        folder = project / f"d{i % 4}"
        folder.mkdir(exist_ok=True)
        (folder / f"k{i:02d}.py").write_text(src, encoding="utf-8")
    serial = run_check("--no-cpp", "--no-cache", "--jobs", "1", "--stats", "--format", "json", ".", cwd=project)
    parallel = run_check("--no-cpp", "--no-cache", "--jobs", "2", "--stats", "--format", "json", ".", cwd=project)
    assert "jobs: 2" in _stats(parallel.err) and "jobs: 1" in _stats(serial.err)
    assert parallel.out == serial.out and parallel.rc == serial.rc == 1
    text1 = run_check("--no-cpp", "--no-cache", "--jobs", "1", ".", cwd=project)
    text2 = run_check("--no-cpp", "--no-cache", "--jobs", "2", ".", cwd=project)
    assert text1.out == text2.out
    assert len(json.loads(serial.out)["diagnostics"]) >= 8


def test_progress_bar_only_on_a_terminal(project, monkeypatch):
    import io

    from pyasc.cli.check import Progress, progress_wanted

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("PYASC_NO_PROGRESS", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert progress_wanted(Tty()) and not progress_wanted(io.StringIO())
    monkeypatch.setenv("CI", "true")
    assert not progress_wanted(Tty())
    stream = Tty()
    bar = Progress(4, stream, True)
    bar.start -= 1.0  # as if the run had been going for a second
    for _ in range(4):
        bar.advance()
    bar.close()
    assert "4/4 files" in stream.getvalue() and stream.getvalue().endswith("\r\x1b[2K")
    (project / "k.py").write_text(GOOD, encoding="utf-8")
    r = run_check("--no-cpp", ".", cwd=project)
    assert "files" not in r.err  # stderr is not a terminal here
    assert Path(project / "k.py").read_text(encoding="utf-8") == GOOD
