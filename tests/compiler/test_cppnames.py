"""Python names that C++ does not accept (keywords, reserved names, the generated file's own names) get one stable
C++ spelling, used consistently by declarations, uses, calls, the source map, hover and the kernel's entry."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from pyasc.compiler.pipeline.analysis import analyze
from pyasc.compiler.syntax.cppnames import (
    CPP_KEYWORDS,
    HEADER_MACROS,
    cpp_identifier,
    impl_name,
    is_reserved,
    rename_scope,
)

HEADER = Path(__file__).resolve().parents[2] / "pyasc" / "toolchain" / "include" / "kernel_operator.h"


@pytest.mark.parametrize("name", ["new", "double", "and", "or", "not", "xor", "bitand", "bitor", "compl", "not_eq",
                                  "and_eq", "or_eq", "xor_eq", "nullptr", "this", "true", "false", "template",
                                  "typename", "operator", "delete", "auto", "register", "volatile", "float"])
def test_a_keyword_gains_one_underscore(name: str) -> None:
    assert cpp_identifier(name) == name + "_"


@pytest.mark.parametrize(("name", "cpp"), [
    ("_Tmp", "v_Tmp"), ("__x", "_x"), ("a__b", "a_b"), ("x__", "x_"), ("__Y", "v_Y"),
    ("half", "half_"), ("bfloat16_t", "bfloat16_t_"), ("DTYPE", "DTYPE_"), ("GM_ADDR", "GM_ADDR_"),
    ("AscendC", "AscendC_"), ("INFINITY", "INFINITY_"), ("NAN", "NAN_"), ("int32_t", "int32_t_"),
    ("__aicore__", "_aicore_"), ("__gm__", "_gm_"),
])
def test_reserved_and_generated_names(name: str, cpp: str) -> None:
    assert cpp_identifier(name) == cpp
    assert not is_reserved(cpp)


@pytest.mark.parametrize("name", ["x", "new_", "count", "_x", "x_gm", "T_x", "kernel_impl", "doubles", "Half",
                                  "tile_len", "i"])
def test_every_other_name_is_kept_as_written(name: str) -> None:
    assert cpp_identifier(name) == name
    assert cpp_identifier(name, {"x", "y"}) == name


def test_the_rename_skips_the_names_the_scope_already_has() -> None:
    assert cpp_identifier("new", {"new_"}) == "new_2"  # new__ would be reserved
    assert cpp_identifier("new", {"new_", "new_2"}) == "new_3"
    assert cpp_identifier("a__b", {"a_b"}) == "a_b_"
    assert cpp_identifier("a__b", {"a_b", "a_b_"}) == "a_b_2"
    assert cpp_identifier("and__eq") == "and_eq_"
    assert rename_scope(["new", "new_", "x"]) == {"new": "new_2", "new_": "new_", "x": "x"}
    assert rename_scope(["new", "x"], {"new_"}) == {"new": "new_2", "x": "x"}
    assert rename_scope(["new", "new"]) == {"new": "new_"}


def test_the_keyword_list_is_cpp17_with_the_alternative_tokens() -> None:
    alternative = {"and", "and_eq", "bitand", "bitor", "compl", "not", "not_eq", "or", "or_eq", "xor", "xor_eq"}
    assert alternative <= CPP_KEYWORDS
    assert len(CPP_KEYWORDS) == 92  # C++17: 73 keywords and 11 alternative tokens; C++20: 8 more
    assert not {"asc", "kernel", "x", "override", "final"} & CPP_KEYWORDS  # identifiers with special meaning only


def test_every_macro_of_the_bundled_header_is_reserved() -> None:
    defined = set(re.findall(r"^\s*#\s*define\s+(\w+)", HEADER.read_text(encoding="utf-8"), flags=re.M))
    assert {m for m in defined if "__" not in m} == set(HEADER_MACROS)
    assert all(is_reserved(m) for m in defined)


def test_impl_name_never_makes_a_double_underscore() -> None:
    assert impl_name("add") == "add_impl"
    assert impl_name("double_") == "double_impl"


def _analyze(text: str):
    return analyze(textwrap.dedent(text), "/tmp/k.py")


def test_a_local_named_new_is_new_in_declaration_and_use_and_maps_back_to_new() -> None:
    text = """\
        import asc
        @asc.jit
        def k(x: asc.GlobalAddress):
            new = 3
            g = asc.GlobalTensor()
            g.set_global_buffer(x, new)
        """
    a = _analyze(text)
    assert [d.code for d in a.diagnostics] == ["PA406"]
    assert "    int32_t new_ = 3;\n" in a.cpp
    assert "g.SetGlobalBuffer((__gm__ T_x*)x, new_);" in a.cpp
    assert not re.search(r"\bnew\b", a.cpp)
    # the C++ name's text maps to the Python name's span, at the declaration and at the use
    for line, col in ((4, 4), (6, 27)):
        segs = [s for s in a.sourcemap.to_cpp(line, col) if a.cpp[s.cpp_start:s.cpp_end] == "new_"]
        assert len(segs) == 1 and (segs[0].python.line, segs[0].python.col) == (line, col)
    hover = [c.cpp for c in a.calls if c.api == "GlobalTensor.set_global_buffer"]
    assert hover == ["g.SetGlobalBuffer((__gm__ T_x*)x, new_);"]


def test_a_kernel_named_double_has_the_entry_double_and_says_so() -> None:
    a = _analyze("""\
        import asc
        @asc.jit
        def double(x: asc.GlobalAddress, n: int):
            g = asc.GlobalTensor()
            g.set_global_buffer(x, n)
        @asc.jit
        def double_impl(x: asc.GlobalAddress, n: int):
            g = asc.GlobalTensor()
            g.set_global_buffer(x, n)
        """)
    assert "__aicore__ inline void double_impl(GM_ADDR x, int32_t n) {" in a.cpp
    assert 'extern "C" __global__ __aicore__ void double_(GM_ADDR x, int32_t n) {\n    double_impl<DTYPE>(x, n);' \
        in a.cpp
    # the other kernel, Python's double_impl, is not the first one's body: it is double_impl_ (body double_impl_impl)
    assert "__aicore__ inline void double_impl_impl(GM_ADDR x, int32_t n) {" in a.cpp
    assert 'extern "C" __global__ __aicore__ void double_impl_(GM_ADDR x, int32_t n) {\n    double_impl_impl<DTYPE>' \
        in a.cpp
    assert [(k.name, k.cpp_name) for k in a.kernels] == [("double", "double_"), ("double_impl", "double_impl_")]


def test_a_helper_named_like_a_generic_kernels_body_is_renamed() -> None:
    a = _analyze("""\
        import asc
        @asc.jit
        def k_impl(t: asc.LocalTensor, n: int):
            asc.muls(t, t, 2.0, n)
        @asc.jit
        def k(x: asc.GlobalAddress, n: int):
            g = asc.GlobalTensor()
            g.set_global_buffer(x, n)
            pipe = asc.TPipe()
            buf = asc.TBuf(asc.TPosition.VECCALC)
            pipe.init_buffer(buf, 512)
            t = buf.get(asc.float32)
            k_impl(t, n)
        """)
    assert "__aicore__ inline void k_impl_(AscendC::LocalTensor<float> t, int32_t n) {" in a.cpp
    assert "    k_impl_(t, n);\n" in a.cpp
    assert [d for d in a.diagnostics if d.severity.name == "ERROR"] == []


def test_a_local_named_like_a_template_parameter_keeps_its_name() -> None:
    a = _analyze("""\
        import asc
        @asc.jit
        def k(x: asc.GlobalAddress):
            T_x = 3
            g = asc.GlobalTensor()
            g.set_global_buffer(x, T_x)
        """)
    assert "template <typename T_x_>\n__aicore__ inline void k_impl(GM_ADDR x) {\n    int32_t T_x = 3;" in a.cpp
    assert "g.SetGlobalBuffer((__gm__ T_x_*)x, T_x);" in a.cpp


def test_module_constants_and_rebinds_of_keyword_names() -> None:
    a = _analyze("""\
        import asc
        new = 64
        @asc.jit
        def k(x: asc.GlobalAddress):
            g = asc.GlobalTensor()
            g.set_global_buffer(x, new)
            int = 2
            int = int * 2.5
            g.set_value(0, int)
        """)
    assert "constexpr int32_t new_ = 64;" in a.cpp and "g.SetGlobalBuffer((__gm__ T_x*)x, new_);" in a.cpp
    assert "    int32_t int_ = 2;\n    float int_2 = int_ * 2.5f;\n    g.SetValue(0, static_cast<T_x>(int_2));" in a.cpp
