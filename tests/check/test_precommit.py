"""The pre-commit hook, driven by the real pre-commit in throwaway git repositories, offline.

pre-commit installs the hook repository with `pip install .` into its own virtualenv.  The test points it at a
snapshot of this working tree (tracked and untracked, non-ignored files, committed into a temporary repository, since
`try-repo` alone only carries over changes to tracked files) and keeps pip off the network: no index, no
dependencies (pyasc-check needs none at run time) and no build isolation (virtualenv seeds setuptools).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from check_samples import BAD, GOOD

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
PRE_COMMIT = Path(sys.executable).with_name("pre-commit")


def _git(*args: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=cwd, env=env, text=True, capture_output=True, check=True)


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    home = tmp_path_factory.mktemp("pre-commit-home")
    out = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "GIT_", "PRE_COMMIT", "VIRTUAL_ENV"))}
    out.update({
        "PRE_COMMIT_HOME": str(home),
        "PIP_NO_INDEX": "1", "PIP_NO_DEPS": "1", "PIP_NO_BUILD_ISOLATION": "0", "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid",
        "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(home), "NO_COLOR": "1", "PYASC_CACHE_DIR": str(home / "cache"),
    })
    return out


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> tuple[Path, str]:
    """A git repository holding this working tree as it is now; returns (path, commit)."""
    dst = tmp_path_factory.mktemp("hook-repo")
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=REPO, capture_output=True,
                            check=True).stdout.decode().split("\0")
    for name in listed:
        src = REPO / name
        if not name or "__pycache__" in name or not src.is_file():
            continue
        (dst / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst / name)
    assert (dst / ".pre-commit-hooks.yaml").is_file()
    _git("init", "-q", cwd=dst, env=env)
    _git("add", "-A", cwd=dst, env=env)
    _git("commit", "-q", "-m", "snapshot", cwd=dst, env=env)
    return dst, _git("rev-parse", "HEAD", cwd=dst, env=env).stdout.strip()


def _user_repo(path: Path, env: dict[str, str]) -> Path:
    path.mkdir()
    _git("init", "-q", cwd=path, env=env)
    return path


def test_try_repo_reports_a_bad_kernel_and_passes_a_good_one(tmp_path, env, hook_repo):
    work = _user_repo(tmp_path / "work", env)
    (work / "bad_kernel.py").write_text(BAD, encoding="utf-8")
    _git("add", "bad_kernel.py", cwd=work, env=env)
    bad = subprocess.run([str(PRE_COMMIT), "try-repo", str(hook_repo[0]), "pyasc-check"], cwd=work, env=env,
                         text=True, capture_output=True, timeout=600)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "pyasc-check" in bad.stdout and "Failed" in bad.stdout
    assert "bad_kernel.py:" in bad.stdout and "error[PA202]" in bad.stdout

    (work / "bad_kernel.py").write_text(GOOD, encoding="utf-8")
    _git("add", "bad_kernel.py", cwd=work, env=env)
    good = subprocess.run([str(PRE_COMMIT), "try-repo", str(hook_repo[0]), "pyasc-check"], cwd=work, env=env,
                          text=True, capture_output=True, timeout=600)
    assert good.returncode == 0, good.stdout + good.stderr
    assert "Passed" in good.stdout


def test_installed_hook_refuses_a_commit_of_a_bad_kernel(tmp_path, env, hook_repo):
    work = _user_repo(tmp_path / "work", env)
    path, rev = hook_repo
    (work / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {path}\n    rev: {rev}\n    hooks:\n      - id: pyasc-check\n", encoding="utf-8")
    subprocess.run([str(PRE_COMMIT), "install"], cwd=work, env=env, check=True, capture_output=True, timeout=120)
    (work / "kernel.py").write_text(BAD, encoding="utf-8")
    (work / "notes.py").write_text("print('no kernels here')\n", encoding="utf-8")
    _git("add", ".", cwd=work, env=env)
    refused = subprocess.run(["git", "commit", "-m", "bad"], cwd=work, env=env, text=True, capture_output=True,
                             timeout=600)
    assert refused.returncode != 0
    shown = refused.stdout + refused.stderr
    assert "kernel.py:" in shown and "error[PA202]" in shown and "asc.ad(" in shown
    assert subprocess.run(["git", "rev-parse", "--verify", "HEAD"], cwd=work, env=env,
                          capture_output=True).returncode != 0  # nothing was committed

    (work / "kernel.py").write_text(GOOD, encoding="utf-8")
    _git("add", "kernel.py", cwd=work, env=env)
    accepted = subprocess.run(["git", "commit", "-m", "good"], cwd=work, env=env, text=True, capture_output=True,
                              timeout=600)
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert "pyasc-check" in accepted.stdout + accepted.stderr
    assert _git("log", "--oneline", cwd=work, env=env).stdout.count("\n") == 1
