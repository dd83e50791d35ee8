"""Generated C++ the real Ascend C headers accept (issue 24, family 5): scalars converted to the element type wherever
Ascend C deduces T from a tensor and a scalar together, helper parameters a temporary binds to, and no unused
parameter warning on a parameter used only for its dtype."""

from __future__ import annotations

import re

import pytest

from pyasc.compiler.pipeline.analysis import analyze
from pyasc.language.registry import all_apis

HEAD = '''import asc

N = 256
K = 7


'''

KERNEL = '''@asc.jit
def k(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, f: float) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 8)  # room for the helpers' N elements from t[64:]
    qm = asc.TQue(asc.TPosition.VECCALC, 1)
    pipe.init_buffer(qm, 1, N)
    m = qm.alloc_tensor(asc.uint8)
    t = q.alloc_tensor(DTYPE)
    asc.data_copy(t, x_gm, N)
BODY
    asc.data_copy(z_gm, t, N)
    q.free_tensor(t)
'''


def _cpp(body: str, dtype: str = "asc.float32", helpers: str = "") -> str:
    text = HEAD + helpers + KERNEL.replace("DTYPE", dtype).replace("BODY", body)
    a = analyze(text, "k.py")
    errors = [d for d in a.diagnostics if d.severity.name == "ERROR"]
    assert errors == [], [(d.code, d.message) for d in errors]
    return a.cpp


SCALARS = "\n".join(f"    {line}" for line in [
    "asc.duplicate(t, 0, N)",
    "asc.adds(t, t, 1, N)",
    "asc.muls(t, t, n, N)",
    "asc.maxs(t, t, K, N)",
    "asc.mins(t, t, 2.5, N)",
    "asc.leaky_relu(t, t, f, N)",
    "asc.adds(t, t, 1, 64, 2, asc.UnaryRepeatParams(1, 1, 8, 8))",
    "asc.axpy(t, t, 2, N)",
    "asc.compare_scalar(m, t, n, asc.CMPMODE.LT, N)",
    "asc.select(t, m, t, n, asc.SelMode.VSEL_TENSOR_SCALAR_MODE, N)",
])


def test_scalars_on_a_float_tensor_are_floats() -> None:
    cpp = _cpp(SCALARS)
    for line in ["AscendC::Duplicate(t, 0.0f, N);", "AscendC::Adds(t, t, 1.0f, N);",
                 "AscendC::Muls(t, t, static_cast<float>(n), N);", "AscendC::Maxs(t, t, static_cast<float>(K), N);",
                 "AscendC::Mins(t, t, 2.5f, N);", "AscendC::LeakyRelu(t, t, f, N);",
                 "AscendC::Adds<float, true>(t, t, 1.0f, 64, 2, AscendC::UnaryRepeatParams(1, 1, 8, 8));",
                 "AscendC::Axpy(t, t, 2.0f, N);", "AscendC::CompareScalar(m, t, static_cast<float>(n), "
                 "AscendC::CMPMODE::LT, N);", "AscendC::Select(t, m, t, static_cast<float>(n), "]:
        assert line in cpp, line


def test_scalars_on_a_half_tensor_are_halves() -> None:
    cpp = _cpp("    asc.duplicate(t, 0, N)\n    asc.maxs(t, t, K, N)\n    asc.compare_scalar(m, t, 1.5, "
               "asc.CMPMODE.LT, N)\n    asc.axpy(t, t, 2, N)", "asc.float16")
    assert "AscendC::Duplicate(t, static_cast<half>(0.0f), N);" in cpp
    assert "AscendC::Maxs(t, t, static_cast<half>(K), N);" in cpp
    assert "AscendC::CompareScalar(m, t, static_cast<half>(1.5f), AscendC::CMPMODE::LT, N);" in cpp
    assert "AscendC::Axpy(t, t, static_cast<half>(2.0f), N);" in cpp


def test_scalars_on_a_tensor_of_a_template_dtype_are_cast_to_it() -> None:
    """Nothing fixes the dtypes of x and z: the kernel is a template of T_z, which no literal has."""
    cpp = _cpp(SCALARS, "x_gm.dtype")
    for line in ["AscendC::Duplicate(t, static_cast<T_z>(0), N);", "AscendC::Adds(t, t, static_cast<T_z>(1), N);",
                 "AscendC::Muls(t, t, static_cast<T_z>(n), N);", "AscendC::Maxs(t, t, static_cast<T_z>(K), N);",
                 "AscendC::Mins(t, t, static_cast<T_z>(2.5f), N);", "AscendC::LeakyRelu(t, t, static_cast<T_z>(f), N);",
                 "AscendC::Axpy(t, t, static_cast<T_z>(2), N);",
                 "AscendC::CompareScalar(m, t, static_cast<T_z>(n), AscendC::CMPMODE::LT, N);",
                 "AscendC::Select(t, m, t, static_cast<T_z>(n), "]:
        assert line in cpp, line


def test_a_scalar_of_the_element_type_is_not_cast() -> None:
    cpp = _cpp("    v = t.get_value(0)\n    asc.adds(t, t, v, N)\n    asc.muls(t, t, asc.number(2, t.dtype), N)",
               "x_gm.dtype")
    assert "AscendC::Adds(t, t, v, N);" in cpp
    assert "AscendC::Muls(t, t, static_cast<T_z>(2), N);" in cpp


HELPERS = '''@asc.jit
def work(t: asc.LocalTensor, s: int, c: asc.ConstExpr[int]):
    asc.duplicate(t, 1, N)
    asc.adds(t, t, s, N)
    asc.muls(t, t, c, N)


'''


@pytest.mark.parametrize(("dtype", "cast"), [("asc.float32", None), ("asc.float16", "half"),
                                             ("x_gm.dtype", "T_z")])
def test_scalars_in_helpers_follow_the_same_rule(dtype: str, cast: str | None) -> None:
    # a run-time int32 into a half tensor is a cast CANN refuses (PA402, below): the half case passes a half
    runtime = "t.get_value(0)" if cast == "half" else "n"
    cpp = _cpp(f"    work(t, {runtime}, 4)\n    work(t[64:], {runtime}, 4)", dtype,
               HELPERS.replace("s: int", "s") if cast == "half" else HELPERS)
    if cast is None:
        assert "AscendC::Duplicate(t, 1.0f, N);" in cpp and "AscendC::Muls(t, t, 4.0f, N);" in cpp
        assert "AscendC::Adds(t, t, static_cast<float>(s), N);" in cpp
    else:
        one = "1.0f" if cast == "half" else "1"
        four = "4.0f" if cast == "half" else "4"
        assert f"AscendC::Duplicate(t, static_cast<{cast}>({one}), N);" in cpp
        assert f"AscendC::Muls(t, t, static_cast<{cast}>({four}), N);" in cpp
        adds = "AscendC::Adds(t, t, s, N);" if cast == "half" else f"AscendC::Adds(t, t, static_cast<{cast}>(s), N);"
        assert adds in cpp


def test_a_runtime_int_into_a_half_tensor_in_a_helper_is_the_cast_cann_refuses() -> None:
    text = HEAD + HELPERS + KERNEL.replace("DTYPE", "asc.float16").replace("BODY", "    work(t, n, 4)")
    errors = [(d.code, d.span.line) for d in analyze(text, "k.py").diagnostics if d.severity.name == "ERROR"]
    assert errors == [("PA402", 10)], errors  # asc.adds(t, t, s, N) in the helper


_FIXED = {("adv.quant", "scale"), ("adv.quant", "offset")}
"""Scalar parameters Ascend C declares with a type of their own (AscendQuant's `const float scale`): no T to match."""


def _fixed_by_the_header(api_rule: str) -> set[str]:
    """The scalar parameters of a declaration derived by rule that the header types without a template parameter
    (`const float& scalarValue`): C++ converts an argument to them, nothing is deduced."""
    from pyasc.language.api.rule.names import F, param_name

    out: set[str] = set()
    for _scope, name, header, _line, template, params, _ret, _dt, *_ in F.FUNCTIONS:
        if f"AscendC::{name} ({header}:" not in api_rule:
            continue
        typenames = {n for k, n, _ in template if k == "typename"}
        out |= {param_name(p) for ctype, p, _ in params
                if not any(re.search(rf"\b{re.escape(t)}\b", ctype) for t in typenames)}
    return out


def test_every_scalar_deduced_with_a_tensor_is_converted_by_the_spec() -> None:
    """Each scalar parameter of an overload that also takes a tensor is written `{p:T}` or `{p:q.T}` in its C++, so
    the one conversion rule of the code generator (KernelGen.scalar_as) applies to it; not a scalar whose type is
    a template argument given explicitly (`Where<..., {src0.T}, ...>`), nor one the header types without a template
    parameter."""
    unconverted = []
    for api in all_apis():
        fixed = _fixed_by_the_header(api.rule) if api.rule else set()
        for ov in api.overloads:
            if not ov.cpp or not any("Tensor" in p.kind for p in ov.params):
                continue
            for p in ov.params:
                if p.kind in ("Number", "float") and (api.qualname, p.name) not in _FIXED and p.name not in fixed \
                        and f"{{{p.name}.T}}" not in ov.cpp and not re.search(rf"\{{{p.name}:(T|\w+\.T)\}}", ov.cpp):
                    unconverted.append((api.qualname, p.name, ov.cpp))
    assert unconverted == []


# -- helper parameters --------------------------------------------------------------------------------------------


PARAMS = '''@asc.jit
def fill(t: asc.LocalTensor, n: int):
    asc.duplicate(t, 0, n)


@asc.jit
def load(t: asc.LocalTensor, g: asc.GlobalTensor, n: int):
    asc.data_copy(t, g, n)


@asc.jit
def shifted(t: asc.LocalTensor):
    t = t[64:]
    asc.muls(t, t, 2.0, 64)


@asc.jit
def repeat(t: asc.LocalTensor, p: asc.UnaryRepeatParams):
    asc.adds(t, t, 1.0, 64, 2, p)


@asc.jit
def release(que: asc.TQue, t: asc.LocalTensor):
    que.free_tensor(t)


@asc.jit
def resize(t: asc.LocalTensor, n: int):
    t.set_size(n)


@asc.jit
def resize_through(t: asc.LocalTensor, n: int):
    resize(t, n)


@asc.jit
def only_dtype(x: asc.LocalTensor, y: asc.LocalTensor):
    asc.duplicate(y, asc.number(1, x.dtype), 64)


'''

CALLS = "\n".join(f"    {line}" for line in [
    "for i in range(2):",
    "    fill(t[i * 64:], 64)",
    "load(t, x_gm, 128)",
    "load(t[128:], x_gm[128:], 128)",
    "shifted(t[64:])",
    "repeat(t[64:], asc.UnaryRepeatParams(1, 1, 8, 8))",
    "only_dtype(t, t[64:])",
    "resize_through(t, N)",
    "release(q, t)",
    "t = q.alloc_tensor(asc.float32)",
])


def test_tensor_parameters_are_taken_by_value_so_that_a_slice_binds() -> None:
    cpp = _cpp(CALLS, helpers=PARAMS)
    assert "__aicore__ inline void fill(AscendC::LocalTensor<float> t, int32_t n) {" in cpp
    assert "fill(t[i * 64], 64);" in cpp
    assert "__aicore__ inline void load(AscendC::LocalTensor<float> t, AscendC::GlobalTensor<float> g, " \
           "int32_t n) {" in cpp
    assert "load(t[128], x_gm[128], 128);" in cpp
    # re-binding a parameter is local, as in Python: the caller's t is not moved
    assert "__aicore__ inline void shifted(AscendC::LocalTensor<float> t) {\n    t = t[64];" in cpp
    # a parameter struct made in the call binds too; queues stay the caller's own objects
    assert "__aicore__ inline void repeat(AscendC::LocalTensor<float> t, AscendC::UnaryRepeatParams p) {" in cpp
    assert "repeat(t[64], AscendC::UnaryRepeatParams(1, 1, 8, 8));" in cpp
    assert "__aicore__ inline void release(AscendC::TQue<AscendC::TPosition::VECIN, 1>& que, " \
           "AscendC::LocalTensor<float> t) {" in cpp


def test_a_tensor_the_helper_sets_up_in_place_is_the_callers_own() -> None:
    """set_size changes the handle: the caller must see it, through any helper it is passed on to."""
    cpp = _cpp(CALLS, helpers=PARAMS)
    assert "__aicore__ inline void resize(AscendC::LocalTensor<float>& t, int32_t n) {" in cpp
    assert "__aicore__ inline void resize_through(AscendC::LocalTensor<float>& t, int32_t n) {" in cpp


def test_a_parameter_used_only_for_its_dtype_is_maybe_unused() -> None:
    cpp = _cpp(CALLS, helpers=PARAMS)
    assert "__aicore__ inline void only_dtype([[maybe_unused]] AscendC::LocalTensor<float> x, " \
           "AscendC::LocalTensor<float> y) {" in cpp
    # the kernel's n and f are never used at all (PA702 says so; clang need not repeat it)
    assert re.findall(r"\[\[maybe_unused\]\] [^,()]* (\w+)", cpp) == ["x", "n", "f"]


def test_a_template_kernel_entry_passes_every_parameter() -> None:
    text = HEAD + '''@asc.jit
def k(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, N * 4)
    t = q.alloc_tensor(x.dtype)
    asc.duplicate(t, 1, N)
    asc.data_copy(z_gm, t, N)
    q.free_tensor(t)
'''
    cpp = analyze(text, "k.py").cpp
    assert "__aicore__ inline void k_impl([[maybe_unused]] GM_ADDR x, GM_ADDR z) {" in cpp
    assert 'extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR z) {\n    k_impl<DTYPE>(x, z);' in cpp
