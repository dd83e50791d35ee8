"""Golden tests: the C++ of every example and its map, printed line by line beside the Python it came from."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pyasc.compiler.codegen.sourcemap import side_by_side
from pyasc.compiler.pipeline.analysis import analyze

from .conftest import EXAMPLES, ROOT

GOLDENS = ROOT / "tests" / "compiler" / "goldens"


def _check(path: Path, actual: str, update: bool) -> None:
    if update:
        path.write_text(actual, encoding="utf-8")
        return
    assert path.exists(), f"missing golden {path.name}: run pytest tests/compiler --update-goldens and review it"
    expected = path.read_text(encoding="utf-8")
    assert actual == expected, f"{path.name} differs from the compiler's output (review, then --update-goldens)"


def check_kernel_file(path: Path, expected: list[tuple[str, int]], kernels: list[str], golden_dir: Path,
                      update: bool) -> None:
    """A kernel file of a feature suite: its exact (code, line) diagnostics, its kernels and its golden C++."""
    text = path.read_text(encoding="utf-8")
    analysis = analyze(text, str(path))
    got = sorted((d.code, d.span.line) for d in analysis.diagnostics)
    assert got == sorted(expected), [(d.code, d.span.line, d.message) for d in analysis.diagnostics]
    assert [k.name for k in analysis.kernels] == kernels
    _check(golden_dir / f"{path.stem}.cpp", analysis.cpp, update)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_example_cpp_and_map(example: Path, update_goldens: bool) -> None:
    text = example.read_text(encoding="utf-8")
    analysis = analyze(text, str(example))
    assert not analysis.errors, [d.message for d in analysis.errors]
    assert analysis.kernels, "every example defines a kernel"
    assert "AscendC::" in analysis.cpp
    _check(GOLDENS / f"{example.stem}.cpp", analysis.cpp, update_goldens)
    _check(GOLDENS / f"{example.stem}.map.txt", side_by_side(analysis.sourcemap, text), update_goldens)


def test_goldens_are_not_written_in_ci() -> None:
    assert not (os.environ.get("CI") and "--update-goldens" in os.environ.get("PYTEST_ADDOPTS", ""))
