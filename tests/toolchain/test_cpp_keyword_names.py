"""Python names that are C++ keywords (variables, parameters, helpers, the kernel, a module constant) give C++ that
clang accepts against the bundled header; so does the differential case with a helper named `double`."""

from __future__ import annotations

import textwrap
from pathlib import Path

from pyasc.compiler.pipeline.analysis import analyze
from pyasc.config import Config
from pyasc.toolchain import CACHE, check_cpp

CASES = Path(__file__).resolve().parents[1] / "differential" / "cases"

KEYWORDS = textwrap.dedent('''\
    import asc

    TILE = 128
    new = 2


    @asc.jit
    def double(t: asc.LocalTensor, int: int):
        asc.muls(t, t, 2.0, int)


    @asc.jit
    def this(delete: int) -> int:
        class_ = delete + new
        return class_


    @asc.jit
    def operator(x: asc.GlobalAddress, auto: int, xor: int):
        template = asc.GlobalTensor()
        template.set_global_buffer(x, auto)
        register = asc.TPipe()
        volatile = asc.TBuf(asc.TPosition.VECCALC)
        register.init_buffer(volatile, TILE * 4)
        half = volatile.get(asc.float32)
        asc.data_copy(half, template, TILE)
        for case in range(xor):
            double(half, TILE + case)
        typename = this(auto)
        switch = typename * 2
        if switch > 0:
            float = switch // 2
            double(half, float)
        asc.data_copy(template, half, TILE)
''')


def _cpp_errors(text: str, path: str) -> tuple[str, list[tuple[str, int, str]]]:
    CACHE.clear()
    analysis = analyze(text, path, Config())
    assert [d.code for d in analysis.diagnostics if d.severity.name == "ERROR"] == []
    return analysis.cpp, [(d.code, d.span.line, d.message) for d in check_cpp(analysis, Config())]


def test_keyword_names_compile() -> None:
    cpp, found = _cpp_errors(KEYWORDS, "/tmp/keywords.py")
    assert found == []
    assert 'extern "C" __global__ __aicore__ void operator_(GM_ADDR x, int32_t auto_, int32_t xor_) {' in cpp
    assert "__aicore__ inline int32_t this_(int32_t delete_) {" in cpp
    assert "for (int32_t case_ = 0; case_ < xor_; case_++) {" in cpp


def test_the_helper_named_double_compiles() -> None:
    case = CASES / "p01_nested_module_helper.py"
    cpp, found = _cpp_errors(case.read_text(encoding="utf-8"), str(case))
    assert found == []
    assert "__aicore__ inline void double_(AscendC::LocalTensor<float> t, int32_t n) {" in cpp
    assert "    double_(t, COUNT);\n" in cpp
