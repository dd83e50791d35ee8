"""The article's host examples (examples/seed/) run as printed, under python and under pyasc run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SEED = Path(__file__).resolve().parents[2] / "examples" / "seed"


def run(*cmd: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(list(cmd), cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False)


@pytest.mark.parametrize("launcher", [("python",), ("pyasc", "run")])
def test_article_host_functions(tmp_path, launcher):
    prefix = [sys.executable] if launcher == ("python",) else [sys.executable, "-m", "pyasc.cli.main", "run"]
    got = run(*prefix, str(SEED / "article_host.py"), cwd=tmp_path)
    assert got.returncode == 0, got.stderr
    assert got.stdout.startswith("vec_add: matches numpy; fused_layernorm: max abs error ")
    assert got.stdout.rstrip().endswith("debug_vec_add: matches numpy")


def test_article_numpy_example(tmp_path):
    got = run(sys.executable, str(SEED / "article_numpy.py"), cwd=tmp_path)
    assert got.returncode == 0, got.stderr
    assert got.stdout == "article_numpy: vec_add of 1024 x 1024 float32 matches numpy\n"


def test_seed_kernels_analyze_clean():
    from pyasc.compiler.pipeline.analysis import analyze

    for name in ("vec_add_kernel.py", "fused_layernorm_kernel.py"):
        path = SEED / name
        analysis = analyze(path.read_text(), str(path))
        assert [d.code for d in analysis.diagnostics] == [], name
        assert [k.name for k in analysis.kernels] == [path.stem]
