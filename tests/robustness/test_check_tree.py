"""pyasc-check on a corrupt tree: binary, non-UTF-8, unreadable and special files, link loops and folders named
like modules.  Each bad file is one clear PA903 finding (exit 1) and the good files are still checked; exit 2 stays
for usage and internal errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from fuzz.strategies import EXAMPLES

from pyasc import sources
from pyasc.cli import check

KERNEL = EXAMPLES["add_custom.py"]
BROKEN = KERNEL.replace("asc.add(z_local", "asc.ad(z_local")
CHECK = str(Path(sys.executable).parent / "pyasc-check")


def corrupt_tree(root: Path) -> dict[str, str]:
    """Build the tree; returns file -> a word the PA903 message of that file must contain."""
    (root / "pyproject.toml").write_text('[project]\nname = "corrupt"\nversion = "0"\n', encoding="utf-8")
    (root / "good.py").write_text(KERNEL, encoding="utf-8")
    (root / "crlf.py").write_bytes(KERNEL.replace("\n", "\r\n").encode())
    (root / "bom.py").write_bytes(b"\xef\xbb\xbf" + KERNEL.encode())
    (root / "empty.py").write_bytes(b"")
    (root / "bad.py").write_text(BROKEN, encoding="utf-8")
    (root / "binary.py").write_bytes(bytes(range(256)) * 8)
    (root / "nul.py").write_bytes(b"import pyasc as asc\n\x00\n")
    (root / "latin1.py").write_bytes(b"import pyasc as asc\n# caf\xe9\n")
    (root / "bad_coding.py").write_bytes(b"# -*- coding: no-such-codec -*-\nimport pyasc as asc\n")
    (root / "truncated_utf8.py").write_bytes(KERNEL.encode()[:200] + "漢".encode()[:2])
    (root / "loop_a.py").symlink_to("loop_b.py")
    (root / "loop_b.py").symlink_to("loop_a.py")
    (root / "dangling.py").symlink_to(root / "nowhere" / "x.py")
    folder = root / "folder.py"  # a folder named like a module: walked into, not read as a file
    folder.mkdir()
    (folder / "inner.py").write_text(BROKEN, encoding="utf-8")
    (root / "pkg").mkdir()
    (root / "pkg" / "self").symlink_to(root / "pkg")  # a folder link cycle
    (root / "pkg" / "up").symlink_to(root)
    return {"binary.py": "binary", "nul.py": "binary", "latin1.py": "UTF-8", "bad_coding.py": "no-such-codec",
            "truncated_utf8.py": "UTF-8", "loop_a.py": "loop", "loop_b.py": "loop", "dangling.py": "broken"}


def run_check(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CI": "1", "NO_COLOR": "1", "PYASC_CACHE_DIR": str(root.parent / "cache")}
    return subprocess.run([CHECK, *args], cwd=root, capture_output=True, text=True, timeout=300, env=env,
                          check=False)


@pytest.mark.parametrize("cpp", [False, True], ids=["front-end", "with-cpp"])
def test_corrupt_tree_gives_per_file_findings(tmp_path: Path, cpp: bool) -> None:
    root = tmp_path / "tree"
    root.mkdir()
    expected = corrupt_tree(root)
    proc = run_check(root, "--format", "json", *([] if cpp else ["--no-cpp"]), ".")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    report = json.loads(proc.stdout)
    by_file: dict[str, list[dict]] = {}
    for d in report["diagnostics"]:
        by_file.setdefault(d["path"], []).append(d)
    for name, word in expected.items():
        codes = [d["code"] for d in by_file.get(name, [])]
        assert codes == ["PA903"], (name, by_file.get(name))
        assert word in by_file[name][0]["message"], by_file[name][0]
    assert [d["code"] for d in by_file["bad.py"]] == ["PA202"]
    assert [d["code"] for d in by_file[os.path.join("folder.py", "inner.py")]] == ["PA202"]
    for name in ("good.py", "crlf.py", "bom.py", "empty.py"):
        assert name not in by_file, by_file[name]
    assert not any(d["code"] == "PA901" for d in report["diagnostics"])
    # the same tree, analyzed again from the cache, reports the same
    again = run_check(root, "--format", "json", *([] if cpp else ["--no-cpp"]), ".")
    assert again.returncode == 1 and json.loads(again.stdout)["diagnostics"] == report["diagnostics"]


def test_unreadable_file_is_a_finding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Tests run as root, where chmod 000 does not stop reading: the refusal is simulated at the read itself."""
    root = tmp_path / "tree"
    root.mkdir()
    (root / "good.py").write_text(KERNEL, encoding="utf-8")
    (root / "secret.py").write_text(KERNEL, encoding="utf-8")
    real_open = open

    def refusing_open(path: object, *args: object, **kwargs: object) -> object:
        if str(path).endswith("secret.py"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(sources, "open", refusing_open, raising=False)
    monkeypatch.chdir(root)
    monkeypatch.setenv("CI", "1")
    monkeypatch.setenv("PYASC_CACHE_DIR", str(tmp_path / "cache"))
    code = check.main(["--no-cpp", "--no-cache", "--jobs", "1", "--format", "json", "."])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    assert [(d["path"], d["code"]) for d in out["diagnostics"]] == [("secret.py", "PA903")]
    assert "Permission denied" in out["diagnostics"][0]["message"]


def test_usage_errors_still_exit_2(tmp_path: Path) -> None:
    assert run_check(tmp_path, str(tmp_path / "missing")).returncode == 2
    assert run_check(tmp_path, "--no-such-flag").returncode == 2
    assert run_check(tmp_path, "--jobs", "many").returncode == 2


def test_fifo_is_a_finding_not_a_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.py"
    os.mkfifo(fifo)
    result: list[object] = []
    reader = threading.Thread(target=lambda: result.append(sources.read_source(fifo)), daemon=True)
    reader.start()
    reader.join(3)
    if reader.is_alive():
        with open(fifo, "wb"):  # unblock the reader so that no thread is left behind
            pass
        reader.join(5)
        pytest.fail("reading a FIFO blocked")
    text, diag = result[0]  # type: ignore[misc]
    assert text is None and diag is not None and diag.code == "PA903"


def test_lone_cr_file_findings_on_the_right_line(tmp_path: Path) -> None:
    (tmp_path / "mac.py").write_bytes(BROKEN.replace("\n", "\r").encode())
    proc = run_check(tmp_path, "--no-cpp", "--no-cache", "--format", "json", "mac.py")
    assert proc.returncode == 1, proc.stderr
    [diag] = json.loads(proc.stdout)["diagnostics"]
    want = BROKEN.split("\n").index(next(ln for ln in BROKEN.split("\n") if "asc.ad(" in ln)) + 1
    assert (diag["code"], diag["line"]) == ("PA202", want)
