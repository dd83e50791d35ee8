"""The plain install a user makes, `pip install pyasc-tools`, in a fresh virtual environment that already holds CANN's
pyasc 1.1.1 (the `asc` module, from PyPI): CANN's files stay as they were, and the language server, the C++ checks
and `pyasc doctor` work with no extra.  Slow (a wheel build and downloads from PyPI, a few minutes)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from fuzz import jsonrpc

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1800)]

ROOT = Path(__file__).resolve().parents[2]
CANN_PYASC = "pyasc==1.1.1"
KERNEL = '''import pyasc as asc


@asc.jit
def scale_kernel(x: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 256)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, 64)
    ratio = t.get_value(0) * (n // 3)
    asc.muls(t, t, ratio, 64)
    asc.data_copy(x_gm, t, 64)
    q.free_tensor(t)
'''
"""`t.get_value(0) * (n // 3)` is a finding of clang-tidy (bugprone-integer-division): the C++ tier ran."""


def _run(*cmd: object, cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    # never in the checkout: `python -c` would import its pyasc (the working folder comes first on sys.path)
    done = subprocess.run([str(c) for c in cmd], cwd=cwd or tempfile.gettempdir(), env=env, capture_output=True,
                          text=True, timeout=900,
                          check=False)
    assert done.returncode == 0, f"{cmd}: {done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def _source_copy(dest: Path) -> Path:
    """The project's files (tracked, or new and not ignored) copied out: building a wheel writes build/ and
    *.egg-info next to pyproject.toml, which must not happen in the repository."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, timeout=120, check=True).stdout
    for rel in filter(None, listed.decode().split("\0")):
        src = ROOT / rel
        if src.is_file() and not src.is_symlink():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    return dest


def _tree_hashes(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and "__pycache__" not in p.parts}


def _freeze(python: Path) -> dict[str, str]:
    out = _run(python, "-m", "pip", "list", "--format", "json")
    return {row["name"].lower(): row["version"] for row in json.loads(out)}


def test_plain_install_beside_canns_pyasc(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", venv)
    python, bin_dir = venv / "bin" / "python", venv / "bin"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    _run(python, "-m", "pip", "install", "-q", CANN_PYASC, env=env)
    site = Path(_run(python, "-c", "import asc, os; print(os.path.dirname(os.path.dirname(asc.__file__)))").strip())
    cann_before = _tree_hashes(site / "asc")
    packages_before = _freeze(python)
    assert packages_before["pyasc"] == "1.1.1" and cann_before

    _run(python, "-m", "pip", "install", "-q", _source_copy(tmp_path / "src"), env=env)

    packages = _freeze(python)
    assert _tree_hashes(site / "asc") == cann_before, "CANN's asc module was modified"
    assert {k: packages[k] for k in packages_before} == packages_before, "a package CANN's pyasc needs was changed"
    assert packages["pyasc-tools"] == "0.1.0"
    for dep in ("pygls", "lsprotocol", "jedi", "libclang-ng", "clang-tidy"):
        assert dep in packages, f"{dep} must come with the plain install"
    where = _run(python, "-c", "import asc, pyasc, pyasc_lsp; print(asc.__file__); print(pyasc.__file__)").split()
    assert where == [str(site / "asc" / "__init__.py"), str(site / "pyasc" / "__init__.py")]

    # the C++ checks, with no extra
    (tmp_path / "work").mkdir()
    (tmp_path / "work" / "k.py").write_text(KERNEL, encoding="utf-8")
    checked = json.loads(_run(bin_dir / "pyasc-check", "--no-cache", "--format", "json", "k.py",
                              cwd=tmp_path / "work", env={**env, "CI": "1"}))
    assert {d["code"] for d in checked["diagnostics"]} >= {"bugprone-integer-division"}, checked
    doctor = _run(bin_dir / "pyasc", "doctor", cwd=tmp_path / "work", env=env)
    assert "C++ checks: ready" in doctor and "from its PyPI wheel" in doctor, doctor

    # the language server: starts, publishes, shuts down cleanly
    assert _run(bin_dir / "pyasc-lsp", "--version").strip() == "pyasc-lsp 0.1.0"
    server = _installed_server(bin_dir / "pyasc-lsp", tmp_path / "work", env)
    try:
        server.initialize(tmp_path / "work", ["utf-16"], init_options={"pyasc": {"cppChecks": False}})
        uri = (tmp_path / "work" / "k.py").as_uri()
        server.open(uri, KERNEL.replace("asc.muls(", "asc.mul_s("))
        diags = server.wait_published(uri, 1, timeout=120)
        assert [d["code"] for d in diags] == ["PA202"], diags
    finally:
        assert server.close() == 0


def _installed_server(command: Path, cwd: Path, env: dict[str, str]) -> jsonrpc.LspProcess:
    """The test suite's raw client, driving the installed `pyasc-lsp` instead of this checkout's."""
    saved = jsonrpc.SERVER
    jsonrpc.SERVER = [str(command)]
    try:
        return jsonrpc.LspProcess(cwd, env=env)
    finally:
        jsonrpc.SERVER = saved
