"""Security: the user's file is only ever read, never imported or executed (by the server, pyasc-check or the
`pyasc` CLI); the C++ tools run without a shell, from argument lists, with timeouts, on files in a private temporary
folder that is gone afterwards; and paths with spaces, quotes and non-ASCII characters work end to end."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import psutil
import pytest
from fuzz.jsonrpc import LspProcess
from fuzz.strategies import EXAMPLES

from pyasc.compiler.pipeline.analysis import analyze
from pyasc.config import Config

KERNEL = EXAMPLES["add_custom.py"]
BROKEN = KERNEL.replace("asc.add(z_local", "asc.ad(z_local")
VENV_BIN = Path(sys.executable).parent
ODD_DIR = "odd dir 'q' \"dq\" é 漢 $(touch INJECTED) ; x"
ODD_NAME = "k ernel 😀 'λ'.py"


def side_effects(markers: Path) -> str:
    """Module-level code that leaves a marker file behind for every way it could be run."""
    m = str(markers)
    return (
        "import os\n"
        "import subprocess\n"
        f"open(os.path.join({m!r}, 'open'), 'w').write('ran')\n"
        f"os.system('touch ' + os.path.join({m!r}, 'system'))\n"
        f"subprocess.run(['touch', os.path.join({m!r}, 'subprocess')])\n"
        f"SIZE = __import__('os').system('touch ' + os.path.join({m!r}, 'dunder_import')) or 128\n"
        f"if __name__ == '__main__':\n    open(os.path.join({m!r}, 'main'), 'w').write('ran')\n"
    )


@pytest.fixture
def trap(tmp_path: Path) -> tuple[Path, Path, Path]:
    """(project folder, kernel with a PA202 and side effects, marker folder that must stay empty). The kernel also
    imports a sibling module and sits in a package whose __init__ has side effects of its own."""
    markers = tmp_path / "markers"
    markers.mkdir()
    proj = tmp_path / ODD_DIR
    proj.mkdir()
    (proj / "pyproject.toml").write_text('[project]\nname = "trap"\nversion = "0"\n', encoding="utf-8")
    (proj / "__init__.py").write_text(side_effects(markers), encoding="utf-8")
    (proj / "helpers.py").write_text(side_effects(markers) + "SCALE = 2\n", encoding="utf-8")
    text = side_effects(markers) + "from helpers import SCALE\n" + BROKEN
    kernel = proj / ODD_NAME
    kernel.write_text(text, encoding="utf-8")
    good = proj / "good_kernel.py"
    good.write_text(side_effects(markers) + KERNEL, encoding="utf-8")
    return proj, kernel, markers


def no_side_effects(markers: Path, proj: Path) -> None:
    assert sorted(p.name for p in markers.iterdir()) == [], "the user's code was executed"
    assert not (proj / "INJECTED").exists() and not Path("INJECTED").exists(), "a path reached a shell"


def run(cmd: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CI": "1", "NO_COLOR": "1", "PYASC_CACHE_DIR": str(cwd / ".cache-of-test")}
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=180, env=env, check=False)


def test_server_never_runs_the_file_and_takes_odd_uris(trap: tuple[Path, Path, Path], server: LspProcess) -> None:
    proj, kernel, markers = trap
    uri = kernel.as_uri()
    assert "%20" in uri and "%F0%9F%98%80" in uri.upper()  # spaces and the emoji are percent-encoded UTF-8
    server.open(uri, kernel.read_text(encoding="utf-8"))
    diags = server.wait_published(uri, 1)
    assert [d["code"] for d in diags] == ["PA202"], diags
    server.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    code = server.result("pyasc/generatedCode", {"textDocument": {"uri": uri}})
    assert ODD_NAME in code["text"] and "__global__" in code["text"]  # the URI was decoded to the real file name
    line = next(i for i, ln in enumerate(kernel.read_text(encoding="utf-8").split("\n")) if "asc.ad(" in ln)
    hover = server.result("textDocument/hover", {"textDocument": {"uri": uri},
                                                 "position": {"line": line, "character": 12}})
    assert hover is None or "contents" in hover
    refs = server.result("textDocument/references", {
        "textDocument": {"uri": uri}, "position": {"line": line, "character": 17},
        "context": {"includeDeclaration": True}})
    assert refs and all(r["uri"] == uri for r in refs)
    server.close_doc(uri)
    no_side_effects(markers, proj)


def test_pyasc_check_never_runs_the_file_and_takes_odd_paths(trap: tuple[Path, Path, Path]) -> None:
    proj, kernel, markers = trap
    by_name = run([str(VENV_BIN / "pyasc-check"), "--format", "json", "--no-cache", str(kernel)], proj)
    assert by_name.returncode == 1, by_name.stderr
    assert "PA202" in by_name.stdout and ODD_NAME in by_name.stdout
    tree = run([str(VENV_BIN / "pyasc-check"), "--no-cache", "--jobs", "2", "."], proj)
    assert tree.returncode == 1, tree.stderr
    assert f"{ODD_NAME}:" in tree.stdout and "PA202" in tree.stdout
    no_side_effects(markers, proj)


def test_pyasc_cli_never_runs_the_file_and_takes_odd_paths(trap: tuple[Path, Path, Path]) -> None:
    proj, _, markers = trap
    out = proj / "out dir é" / "k ernel.kernel"
    built = run([str(VENV_BIN / "pyasc"), "-i", str(proj / "good_kernel.py"), "-o", str(out), "--no-cpp"], proj)
    assert built.returncode == 0, built.stderr
    assert out.is_file()
    no_side_effects(markers, proj)


class _Recorder:
    """Every process started through subprocess.Popen during a test, with how it was started and waited for."""

    def __init__(self) -> None:
        self.calls: list[dict] = []
        self.temp_dirs: list[tuple[str, int]] = []


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> _Recorder:
    rec = _Recorder()
    real_popen = subprocess.Popen
    real_mkdtemp = tempfile.mkdtemp

    class Popen(real_popen):  # type: ignore[misc, valid-type]
        def __init__(self, args: object, *a: object, **kw: object) -> None:
            self._record = {"args": args, "shell": kw.get("shell", False), "timeouts": []}
            rec.calls.append(self._record)
            super().__init__(args, *a, **kw)  # type: ignore[arg-type]
            self._record["pid"] = self.pid

        def communicate(self, input: object = None, timeout: float | None = None) -> tuple:  # noqa: A002
            self._record["timeouts"].append(timeout)
            return super().communicate(input, timeout)

    def mkdtemp(*a: object, **kw: object) -> str:
        path = real_mkdtemp(*a, **kw)  # type: ignore[arg-type]
        rec.temp_dirs.append((path, stat.S_IMODE(os.stat(path).st_mode)))
        return path

    monkeypatch.setattr(subprocess, "Popen", Popen)
    monkeypatch.setattr(tempfile, "mkdtemp", mkdtemp)
    return rec


def test_cpp_tools_run_without_shell_with_timeouts_in_a_private_temp_dir(recorder: _Recorder,
                                                                         tmp_path: Path) -> None:
    from pyasc.toolchain import check as toolchain

    toolchain.CACHE.clear()
    text = KERNEL.replace("TILE_LENGTH = 128", "TILE_LENGTH = 256")  # a unit no other test has cached
    analysis = analyze(text, str(tmp_path / ODD_NAME))
    diags = toolchain.check_cpp(analysis, Config(), timeout=60)
    assert not [d for d in diags if d.code.startswith("PA8") or d.code == "PA901"], diags
    tidy = [c for c in recorder.calls if "clang-tidy" in os.path.basename(str(c["args"][0]))
            and "--version" not in c["args"]]
    assert tidy, f"clang-tidy never ran: {recorder.calls}"
    for call in recorder.calls:
        assert isinstance(call["args"], (list, tuple)), f"a command line as one string: {call['args']!r}"
        assert call["shell"] is False, call
        assert call["timeouts"] and all(t is not None and t > 0 for t in call["timeouts"]), call
    dirs = [d for d, _ in recorder.temp_dirs]
    for call in tidy:
        sources = [a for a in call["args"] if str(a).endswith(".cpp")]
        assert sources and all(any(os.path.dirname(s) == d for d in dirs) for s in sources), (sources, dirs)
    assert all(mode == 0o700 for _, mode in recorder.temp_dirs), recorder.temp_dirs
    assert not [d for d in dirs if os.path.exists(d)], "a temporary folder was left behind"


def _process(pid: int) -> psutil.Process | None:
    try:
        return psutil.Process(pid)
    except psutil.NoSuchProcess:
        return None


def test_cpp_timeout_kills_the_tools_and_what_they_started(recorder: _Recorder, tmp_path: Path) -> None:
    """A clang-tidy that hangs (and has started a child of its own) is killed with its whole process group at the
    deadline, the tier reports PA802, and its temporary folder is removed."""
    from pyasc.toolchain import check as toolchain

    fake = tmp_path / "bin" / "clang-tidy"
    fake.parent.mkdir()
    pids = tmp_path / "pids"  # the fake's own pid and its child's: the processes this test started, by id
    fake.write_text(f"#!{sys.executable}\n"
                    "import os, subprocess, sys, time\n"
                    "if '--version' in sys.argv:\n    print('LLVM version 22.1.8')\n    sys.exit(0)\n"
                    "child = subprocess.Popen(['sleep', '300'])\n"
                    f"with open({str(pids)!r}, 'a') as fh:\n"
                    "    fh.write(f'{os.getpid()} {child.pid}\\n')\n"
                    "time.sleep(300)\n", encoding="utf-8")
    fake.chmod(0o755)
    toolchain.CACHE.clear()
    analysis = analyze(KERNEL.replace("TILE_LENGTH = 128", "TILE_LENGTH = 64"), str(tmp_path / "timeout.py"))
    # 5 s: time enough for the fake to start its child on a busy machine (it records the child's pid first thing)
    diags = toolchain.check_cpp(analysis, Config(), timeout=5.0, clang_tidy=str(fake))
    assert [d.code for d in diags if d.source == "pyasc"] == ["PA802"], diags
    assert "in time" in diags[0].message
    started = [c for c in recorder.calls if str(c["args"][0]) == str(fake) and "--version" not in c["args"]]
    assert started and all(c["timeouts"] for c in started)
    children = [int(line.split()[1]) for line in pids.read_text().split("\n") if line]
    assert children, "the fake clang-tidy never got to start its child"
    started_pids = [c["pid"] for c in started] + children
    _, alive = psutil.wait_procs([p for p in map(_process, started_pids) if p is not None], timeout=10)
    assert [p for p in alive if p.status() != psutil.STATUS_ZOMBIE] == [], alive
    assert not [d for d, _ in recorder.temp_dirs if os.path.exists(d)]
