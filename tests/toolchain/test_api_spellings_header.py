"""The bundled kernel_operator.h accepts the C++ of the API-spelling kernels (tests/compiler/api_spellings/): the
header declares those APIs as the Ascend C headers do, so clang finds nothing in them."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyasc.compiler.pipeline.analysis import analyze
from pyasc.config import Config
from pyasc.toolchain import CACHE, check_cpp

SPELLINGS = Path(__file__).resolve().parents[1] / "compiler" / "api_spellings"


@pytest.mark.parametrize("path", sorted(SPELLINGS.glob("*.py")), ids=lambda p: p.stem)
def test_bundled_header_accepts_the_spellings(path: Path) -> None:
    CACHE.clear()
    analysis = analyze(path.read_text(encoding="utf-8"), str(path), Config())
    assert analysis.kernels and not analysis.errors
    assert [(d.code, d.span.line, d.message) for d in check_cpp(analysis, Config())] == []
