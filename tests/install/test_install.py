"""The release artifacts as a user meets them: `make dist` (scripts/dist.sh) builds the wheel, the sdist and the
.vsix; the wheel installs into a clean virtual environment and into one that already holds CANN's pyasc 1.1.1 (the
`asc` module, from PyPI), where CANN's files stay as they were, and the language server, the C++ checks and `pyasc
doctor` work with no extra; the .vsix installs into code-server.  Slow (a wheel build and downloads from PyPI, a few
minutes)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from fuzz import jsonrpc
from vscode.conftest import CODE_SERVER

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1800)]

ROOT = Path(__file__).resolve().parents[2]
CANN_PYASC = "pyasc==1.1.1"
VERSION = "0.1.0"
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
    # and without this checkout's PYTHONPATH, which would shadow the installed package
    done = subprocess.run([str(c) for c in cmd], cwd=cwd or tempfile.gettempdir(), env=env or _clean_env(),
                          capture_output=True,
                          text=True, timeout=900,
                          check=False)
    assert done.returncode == 0, f"{cmd}: {done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


@dataclass(frozen=True)
class Dist:
    wheel: Path
    sdist: Path
    vsix: Path
    log: str


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Dist:
    """What `make dist` builds, written to a temporary folder (the script builds Python on a copy of the sources);
    or, with PYASC_DIST_DIR (the release workflow's test job), the artifacts already built there."""
    given = os.environ.get("PYASC_DIST_DIR")
    if given:
        out, log = Path(given), ""
    else:
        out = tmp_path_factory.mktemp("dist")
        log = _run("bash", ROOT / "scripts" / "dist.sh", out, sys.executable)
    wheels, sdists, vsixes = (sorted(out.glob(pattern)) for pattern in ("*.whl", "*.tar.gz", "*.vsix"))
    assert [p.name for p in wheels + sdists + vsixes] == [
        f"pyasc_tools-{VERSION}-py3-none-any.whl", f"pyasc_tools-{VERSION}.tar.gz", f"pyasc-vscode-{VERSION}.vsix"]
    return Dist(wheels[0], sdists[0], vsixes[0], log)


def _clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}


def test_dist_builds_without_deprecation_warnings(dist: Dist) -> None:
    """setuptools warned three times per install that `project.license` as a TOML table is deprecated."""
    assert "SetuptoolsDeprecationWarning" not in dist.log and "project.license" not in dist.log, dist.log[-3000:]
    with tarfile.open(dist.sdist) as sdist:
        names = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    assert {"pyproject.toml", "README.md", "pyasc/toolchain/include/kernel_operator.h"} <= names
    assert not any(n.startswith(("tests/", ".venv/")) for n in names), "the sdist holds only the package"


def test_built_wheel_in_a_clean_venv(dist: Dist, tmp_path: Path) -> None:
    """The three commands of the built wheel, in a venv that holds nothing else: compile, check, serve."""
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", venv)
    python, bin_dir, env = venv / "bin" / "python", venv / "bin", _clean_env()
    _run(python, "-m", "pip", "install", "-q", dist.wheel, env=env)
    work = tmp_path / "work"
    work.mkdir()
    (work / "k.py").write_text(KERNEL, encoding="utf-8")
    built = subprocess.run([str(bin_dir / "pyasc"), "--input", "k.py", "--output", "k.kernel", "--no-cpp"], cwd=work,
                           env=env, capture_output=True, text=True, timeout=600, check=False)
    assert built.returncode == 0, built.stderr
    assert (work / "k.kernel").is_file() and "wrote k.kernel" in built.stderr
    helped = subprocess.run([str(work / "k.kernel"), "--help"], cwd=work, env={**env, "PATH": f"{bin_dir}:"
                            f"{env.get('PATH', '')}"}, capture_output=True, text=True, timeout=300, check=False)
    assert helped.returncode == 0 and "Run kernel scale_kernel of k.py" in helped.stdout, helped.stderr
    checked = json.loads(_run(bin_dir / "pyasc-check", "--no-cache", "--no-cpp", "--format", "json", "k.py",
                              cwd=work, env=env))
    assert checked["diagnostics"] == [], checked
    assert _run(bin_dir / "pyasc-lsp", "--version").strip() == f"pyasc-lsp {VERSION}"
    server = _installed_server(bin_dir / "pyasc-lsp", work, env)
    try:
        server.initialize(work, ["utf-16"], init_options={"pyasc": {"cppChecks": False}})
        uri = (work / "k.py").as_uri()
        server.open(uri, KERNEL.replace("asc.muls(", "asc.mul_s("))
        assert [d["code"] for d in server.wait_published(uri, 1, timeout=120)] == ["PA202"]
    finally:
        assert server.close() == 0


def test_built_vsix_installs_into_code_server(dist: Dist, tmp_path: Path) -> None:
    """The .vsix a release publishes is the one VS Code installs (code-server: scripts/deps-vscode.sh)."""
    assert CODE_SERVER.exists(), f"code-server is not installed at {CODE_SERVER}: run scripts/deps-vscode.sh"
    common = ["--user-data-dir", str(tmp_path / "data"), "--extensions-dir", str(tmp_path / "ext")]
    (tmp_path / "r").mkdir()
    env = {**_clean_env(), "XDG_CONFIG_HOME": str(tmp_path / "cfg"), "XDG_DATA_HOME": str(tmp_path / "share"),
           "XDG_CACHE_HOME": str(tmp_path / "cache"), "XDG_RUNTIME_DIR": str(tmp_path / "r")}
    _run(CODE_SERVER, *common, "--install-extension", dist.vsix, env=env)
    listed = _run(CODE_SERVER, *common, "--list-extensions", "--show-versions", env=env).split()
    assert f"pyasc.pyasc-vscode@{VERSION}" in listed, listed


def _tree_hashes(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and "__pycache__" not in p.parts}


def _freeze(python: Path) -> dict[str, str]:
    out = _run(python, "-m", "pip", "list", "--format", "json")
    return {row["name"].lower(): row["version"] for row in json.loads(out)}


def test_plain_install_beside_canns_pyasc(dist: Dist, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", venv)
    python, bin_dir = venv / "bin" / "python", venv / "bin"
    env = _clean_env()
    _run(python, "-m", "pip", "install", "-q", CANN_PYASC, env=env)
    site = Path(_run(python, "-c", "import asc, os; print(os.path.dirname(os.path.dirname(asc.__file__)))",
                     env=env).strip())
    cann_before = _tree_hashes(site / "asc")
    packages_before = _freeze(python)
    assert packages_before["pyasc"] == "1.1.1" and cann_before

    _run(python, "-m", "pip", "install", "-q", dist.wheel, env=env)

    packages = _freeze(python)
    assert _tree_hashes(site / "asc") == cann_before, "CANN's asc module was modified"
    assert {k: packages[k] for k in packages_before} == packages_before, "a package CANN's pyasc needs was changed"
    assert packages["pyasc-tools"] == VERSION
    for dep in ("pygls", "lsprotocol", "jedi", "libclang-ng", "clang-tidy"):
        assert dep in packages, f"{dep} must come with the plain install"
    where = _run(python, "-c", "import asc, pyasc, pyasc_lsp; print(asc.__file__); print(pyasc.__file__)",
                 env=env).split()
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
    assert _run(bin_dir / "pyasc-lsp", "--version").strip() == f"pyasc-lsp {VERSION}"
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


def test_the_release_workflow_builds_and_tests_with_the_make_targets_that_run_here() -> None:
    """The release workflow's build and test jobs are `make dist` and `make test-dist`, targets of this Makefile;
    publishing is configured (PyPI by trusted publishing, the two extension marketplaces), not run here."""
    import yaml

    flow = yaml.safe_load((ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8"))
    assert flow[True]["push"]["tags"] == ["v*"]  # YAML 1.1 reads the key `on` as true
    runs = {job: [s.get("run", "") for s in spec["steps"]] for job, spec in flow["jobs"].items()}
    makes = sorted({line.split()[1] for cmds in runs.values() for run in cmds for line in run.splitlines()
                    if line.startswith("make ")})
    assert makes == ["dist", "test-dist"]
    targets = set(re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(encoding="utf-8"), re.MULTILINE))
    assert set(makes) <= targets
    assert flow["jobs"]["pypi"]["permissions"] == {"id-token": "write"}
    uses = [s.get("uses", "") for s in flow["jobs"]["pypi"]["steps"]]
    assert any(u.startswith("pypa/gh-action-pypi-publish@") for u in uses)
    published = " ".join(runs["marketplaces"])
    assert "vsce@" in published and "publish --packagePath dist/*.vsix" in published and "ovsx@" in published
    assert flow["jobs"]["pypi"]["needs"] == flow["jobs"]["marketplaces"]["needs"] == "test"
