"""The C++ of the five APIs known by rule (softmax_flash_v2, SoftMaxShapeInfo, SoftmaxConfig, swiglu,
init_buffer(buf=..., len=...)) against the bundled header, whose declarations of them are written from Ascend C's
documentation apart from the rule's spec entries: clang accepts our kernels' C++, and rejects a wrong dtype the
Python side was told to ignore."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyasc.compiler.analysis import analyze
from pyasc.compiler.diagnostics import Severity
from pyasc.config import Config
from pyasc.toolchain import CACHE, check_cpp

KERNELS = Path(__file__).resolve().parents[1] / "compiler" / "rule_kernels.py"


@pytest.fixture(autouse=True)
def _fresh_cache():
    CACHE.clear()


def test_the_kernels_cpp_passes_the_bundled_header() -> None:
    analysis = analyze(KERNELS.read_text(encoding="utf-8"), str(KERNELS), Config())
    assert "AscendC::SoftmaxFlashV2<float" in analysis.cpp and "AscendC::SwiGLU<float>" in analysis.cpp
    found = check_cpp(analysis, Config())
    assert [(d.code, d.message) for d in found if d.severity in (Severity.ERROR, Severity.WARNING)] == []


def test_the_bundled_header_checks_swiglu_s_dtype() -> None:
    text = KERNELS.read_text(encoding="utf-8").replace(
        "asc.adv.swiglu(yo, xa, xb, 1.5, N)", "asc.adv.swiglu(yi, ia, ib, 1.5, N)  # pyasc: ignore[PA402]").replace(
        "    yo = q_o.alloc_tensor(asc.float32)\n",
        "    yo = q_o.alloc_tensor(asc.float32)\n    yi = q_o.alloc_tensor(asc.int32)\n"
        "    ia = q_o.alloc_tensor(asc.int32)\n    ib = q_o.alloc_tensor(asc.int32)\n")
    analysis = analyze(text, str(KERNELS), Config())
    assert "AscendC::SwiGLU<int32_t>(yi, ia, ib, 1.5f, N);" in analysis.cpp
    messages = [d.message for d in check_cpp(analysis, Config()) if d.severity == Severity.ERROR]
    assert any("SwiGLU: element type must be half or float" in m for m in messages), messages
