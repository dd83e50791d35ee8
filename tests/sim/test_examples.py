"""The runnable host scripts of examples/ reproduce numpy's results with no sanitizer findings."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
RUNNERS = sorted(EXAMPLES.glob("run_*.py"))


@pytest.mark.parametrize("path", RUNNERS, ids=[p.stem for p in RUNNERS])
def test_example_runner(path, capsys):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--cores", "2"]) == 0
    out = capsys.readouterr().out
    assert "no findings" in out and "MISMATCH" not in out


def test_every_example_kernel_has_a_runner():
    kernels = {p.stem for p in EXAMPLES.glob("*.py") if not p.stem.startswith("run_")}
    assert kernels <= {p.stem.removeprefix("run_") for p in RUNNERS}
