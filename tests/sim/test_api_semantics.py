"""Vector API semantics against numpy references: count forms, mask/repeat/stride forms (the reference walks
repeats, blocks and elements with plain loops), dtype behaviour, Cast rounding, reductions, data movement."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import pyasc as asc
from pyasc import sim
from pyasc.language import registry

from .conftest import rng

BINARY_REF = {
    "add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.true_divide, "max": np.maximum,
    "min": np.minimum, "add_relu": lambda a, b: np.maximum(a + b, 0), "sub_relu": lambda a, b: np.maximum(a - b, 0),
    "bitwise_and": np.bitwise_and, "bitwise_or": np.bitwise_or,
}
SPECIAL_BINARY = {"fused_mul_add", "fused_mul_add_relu", "mul_add_dst", "add_deq_relu", "mul_cast", "add_relu_cast",
                  "sub_relu_cast", "bilinear_interpolation"}
"""Tested elsewhere (bilinear_interpolation in tests/sim/test_cann_forms.py)."""
UNARY_REF = {
    "abs": np.abs, "exp": np.exp, "ln": np.log, "sqrt": np.sqrt, "rsqrt": lambda a: 1 / np.sqrt(a),
    "reciprocal": lambda a: 1 / a, "relu": lambda a: np.maximum(a, 0), "bitwise_not": np.invert,
}
SCALAR_REF = {
    "adds": lambda a, s: a + s, "muls": lambda a, s: a * s, "maxs": np.maximum, "mins": np.minimum,
    "leaky_relu": lambda a, s: np.where(a >= 0, a, a * s), "shift_left": np.left_shift,
    "shift_right": np.right_shift,
}
ADV_REF = {
    "acos": np.arccos, "acosh": np.arccosh, "asin": np.arcsin, "asinh": np.arcsinh, "atan": np.arctan,
    "atanh": np.arctanh, "ceil": np.ceil, "cos": np.cos, "cosh": np.cosh, "erf": np.vectorize(math.erf),
    "erfc": np.vectorize(math.erfc), "floor": np.floor, "frac": lambda a: a - np.trunc(a),
    "lgamma": np.vectorize(math.lgamma), "log": np.log, "round": np.rint, "sign": np.sign, "sin": np.sin,
    "sinh": np.sinh, "tan": np.tan, "tanh": np.tanh, "trunc": np.trunc, "exp": np.exp,
    "digamma": None,
}


def _family(name: str) -> list[str]:
    return [a.name for a in registry.all_apis() if a.family == name and a.generated]


def test_every_generated_elementwise_api_has_a_reference_here():
    assert set(_family("basic.vec_binary")) <= set(BINARY_REF) | SPECIAL_BINARY
    assert set(_family("basic.vec_unary")) <= set(UNARY_REF)
    assert set(_family("basic.vec_binary_scalar")) <= set(SCALAR_REF)
    adv_unary = {n.removeprefix("adv.") for n in _family("adv.math")} - {"power", "xor", "axpy"}
    assert adv_unary <= set(ADV_REF)


def _inputs(name: str, dtype: str, n: int, seed: int = 1):
    r = rng(seed)
    if dtype.startswith("int") or dtype.startswith("uint"):
        a = r.integers(-1000, 1000, n).astype(dtype)
        b = r.integers(1, 1000, n).astype(dtype)
    else:
        lo = 0.1 if name in ("ln", "sqrt", "rsqrt", "log", "div", "reciprocal") else -4
        a = r.uniform(lo, 4, n).astype(dtype)
        b = r.uniform(0.5, 4, n).astype(dtype)
    return a, b


def _dtypes_for(name: str) -> list[str]:
    if name in ("bitwise_and", "bitwise_or", "bitwise_not"):
        return ["int16", "uint16"]
    if name in ("div", "exp", "ln", "sqrt", "rsqrt", "reciprocal"):
        return ["float16", "float32"]
    return ["float16", "float32", "int16", "int32"]


@pytest.mark.parametrize("name", sorted(BINARY_REF))
def test_binary_count_form_in_the_element_dtype(ub, name):
    for dtype in _dtypes_for(name):
        a, b = _inputs(name, dtype, 300)
        ta, tb, tc = ub(dtype, a), ub(dtype, b), ub(dtype, n=300)
        getattr(asc, name)(tc, ta, tb, 300)
        with np.errstate(all="ignore"):
            want = np.asarray(BINARY_REF[name](a, b)).astype(dtype)
        np.testing.assert_array_equal(tc.view(), want, err_msg=f"{name} {dtype}")


def _repeat_reference(dst, srcs, f, mask, repeat, dst_strides, src_strides, esize):
    """Plain-loop model of the repeat form: element j of repeat r sits at
    r * rep_stride * epb + (j // epb) * blk_stride * epb + j % epb."""
    epb = 32 // esize
    epr = 8 * epb
    out = dst.copy()
    for r in range(repeat):
        for j in range(epr):
            if isinstance(mask, list):
                on = (mask[0] >> j) & 1 if j < 64 else (mask[1] >> (j - 64)) & 1
            else:
                on = j < mask
            if not on:
                continue

            def at(strides, r=r, j=j):
                blk, rep = strides
                return r * rep * epb + (j // epb) * blk * epb + j % epb

            out[at(dst_strides)] = f(*[s[at(st)] for s, st in zip(srcs, src_strides, strict=True)])
    return out


@pytest.mark.parametrize("dtype", ["float16", "float32"])
@pytest.mark.parametrize("mask", [64, 17, [0x0F0F0F0F0F0F0F0F, 0x8000000000000001]])
def test_binary_repeat_form_with_block_and_repeat_strides(ub, dtype, mask):
    if isinstance(mask, list) and dtype == "float32":
        mask = [mask[0], 0]
    esize = np.dtype(dtype).itemsize
    n = 4096 // esize
    a, b = _inputs("add", dtype, n, 3)
    ta, tb, tc = ub(dtype, a), ub(dtype, b), ub(dtype, np.zeros(n, dtype))
    params = asc.BinaryRepeatParams(2, 1, 3, 16, 8, 24)
    asc.add(tc, ta, tb, mask, 3, params)
    want = _repeat_reference(np.zeros(n, dtype), [a, b], lambda x, y: np.asarray(x + y).astype(dtype), mask, 3,
                             (2, 16), [(1, 8), (3, 24)], esize)
    np.testing.assert_array_equal(tc.view(), want)


@pytest.mark.parametrize("name", sorted(UNARY_REF))
def test_unary_count_and_repeat_forms(ub, name):
    for dtype in _dtypes_for(name):
        if name == "bitwise_not" or dtype.startswith("int"):
            if name not in ("abs", "relu", "bitwise_not"):
                continue
        a, _ = _inputs(name, dtype, 256)
        ta, tc = ub(dtype, a), ub(dtype, np.zeros(256, dtype))
        getattr(asc, name)(tc, ta, 200)
        with np.errstate(all="ignore"):
            want = np.asarray(UNARY_REF[name](a[:200])).astype(dtype)
        np.testing.assert_allclose(tc.view()[:200].astype(np.float64), want.astype(np.float64), rtol=1e-6,
                                   err_msg=f"{name} {dtype}")
        assert not tc.view()[200:].any(), "elements past count stay untouched"
        esize = np.dtype(dtype).itemsize
        tr = ub(dtype, np.zeros(256, dtype))
        params = asc.UnaryRepeatParams(1, 2, 8, 8)
        getattr(asc, name)(tr, ta, 8, 2, params)
        with np.errstate(all="ignore"):
            want = _repeat_reference(np.zeros(256, dtype), [a],
                                     lambda x, dt=dtype: np.asarray(UNARY_REF[name](x)).astype(dt),
                                     8, 2, (1, 8), [(2, 8)], esize)
        np.testing.assert_allclose(tr.view().astype(np.float64), want.astype(np.float64), rtol=1e-6)


@pytest.mark.parametrize("name", sorted(SCALAR_REF))
def test_tensor_scalar_ops_convert_the_scalar_to_the_element_type(ub, name):
    dtypes = ["int16", "int32"] if name.startswith("shift") else ["float16", "float32", "int32"]
    for dtype in dtypes:
        a, _ = _inputs(name, dtype, 128)
        scalar = 3 if dtype.startswith("int") else 0.3
        ta, tc = ub(dtype, a), ub(dtype, n=128)
        getattr(asc, name)(tc, ta, scalar, 128)
        s = np.asarray(scalar).astype(dtype)
        with np.errstate(all="ignore"):
            want = np.asarray(SCALAR_REF[name](a, s)).astype(dtype)
        np.testing.assert_array_equal(tc.view(), want, err_msg=f"{name} {dtype}")


@pytest.mark.parametrize("name", ["shift_left", "shift_right"])
def test_shift_of_a_float_tensor_is_a_bad_argument_finding(ub, name):
    """CANN's tracer writes a shift of a float tensor (Ascend C has none): a finding, never a numpy TypeError."""
    ta, tc = ub("float32", np.ones(64, np.float32)), ub("float32", n=64)
    with pytest.raises(sim.SimulationError, match=f"bad-argument.*{name} shifts integer elements"):
        getattr(asc, name)(tc, ta, 1.5, 64)


def test_float16_arithmetic_rounds_each_operation_to_float16(ub):
    a = np.array([2048, 0.1, 65504, 1e-4] * 4, dtype=np.float16)
    b = np.array([1, 0.2, 32, 3e-4] * 4, dtype=np.float16)
    ta, tb, tc = ub("float16", a), ub("float16", b), ub("float16", n=16)
    asc.add(tc, ta, tb, 16)
    exact = a.astype(np.float64) + b.astype(np.float64)
    assert tc.view()[0] == np.float16(2048)  # 2049 is not a float16: ties to even
    assert np.isinf(tc.view()[2])  # overflow to inf in half
    np.testing.assert_array_equal(tc.view(), exact.astype(np.float16))


def test_integer_arithmetic_wraps_around(ub):
    a = np.array([32767, -32768, 30000, 5] * 4, dtype=np.int16)
    b = np.array([1, -1, 30000, 7] * 4, dtype=np.int16)
    ta, tb, tc = ub("int16", a), ub("int16", b), ub("int16", n=16)
    asc.add(tc, ta, tb, 16)
    assert list(tc.view()[:4]) == [-32768, 32767, (60000 + 2 ** 15) % 2 ** 16 - 2 ** 15, 12]
    asc.mul(tc, ta, tb, 16)
    want = ((a.astype(np.int64) * b.astype(np.int64) + 2 ** 15) % 2 ** 16 - 2 ** 15).astype(np.int16)
    np.testing.assert_array_equal(tc.view(), want)


def test_fused_forms_read_dst(ub):
    a = np.arange(64, dtype=np.float32)
    b = np.full(64, 2, np.float32)
    d = np.full(64, 3, np.float32)
    ta, tb, td = ub("float32", a), ub("float32", b), ub("float32", d)
    asc.fused_mul_add(td, ta, tb, 64)
    np.testing.assert_array_equal(td.view(), a * 3 + 2)
    td.view()[:] = 3
    asc.mul_add_dst(td, ta, tb, 64)
    np.testing.assert_array_equal(td.view(), a * 2 + 3)
    td.view()[:] = 1
    asc.axpy(td, ta, 0.5, 64)
    np.testing.assert_array_equal(td.view(), a * 0.5 + 1)


def test_cast_binaries_convert_to_dst_dtype(ub):
    a = np.linspace(-2, 2, 64).astype(np.float32)
    b = np.full(64, 0.25, np.float32)
    ta, tb, tc = ub("float32", a), ub("float32", b), ub("float16", n=64)
    asc.add_relu_cast(tc, ta, tb, 64)
    np.testing.assert_array_equal(tc.view(), np.maximum(a + b, 0).astype(np.float16))
    asc.mul_cast(tc, ta, tb, 64)
    np.testing.assert_array_equal(tc.view(), (a * b).astype(np.float16))


def _ref_round(x: Fraction, mode: str) -> int:
    fl = math.floor(x)
    if mode == "CAST_FLOOR":
        return fl
    if mode == "CAST_CEIL":
        return math.ceil(x)
    if mode == "CAST_TRUNC":
        return int(x)
    if mode == "CAST_ROUND":
        return math.floor(abs(x) + Fraction(1, 2)) * (1 if x >= 0 else -1)
    return round(x)  # Python rounds half to even: CAST_RINT / CAST_NONE


@pytest.mark.parametrize("mode", ["CAST_NONE", "CAST_RINT", "CAST_FLOOR", "CAST_CEIL", "CAST_ROUND", "CAST_TRUNC"])
def test_cast_float_to_int_with_each_round_mode(ub, mode):
    vals = np.array([2.5, 3.5, -2.5, -0.5, 1.4999, -7.6, 0.0, 1e10] * 2, dtype=np.float32)
    src, dst = ub("float32", vals), ub("int32", n=16)
    asc.cast(dst, src, getattr(asc.RoundMode, mode), 16)
    want = [max(-(2 ** 31), min(2 ** 31 - 1, _ref_round(Fraction(float(v)), mode))) for v in vals]
    assert list(dst.view()) == want


def _f16_neighbours(x: Fraction) -> tuple[np.float16, np.float16]:
    near = np.float16(float(x))
    lo = near if Fraction(float(near)) <= x else np.nextafter(near, np.float16(-np.inf))
    hi = near if Fraction(float(near)) >= x else np.nextafter(near, np.float16(np.inf))
    return lo, hi


@pytest.mark.parametrize("mode", ["CAST_RINT", "CAST_FLOOR", "CAST_CEIL", "CAST_ROUND", "CAST_TRUNC", "CAST_ODD"])
def test_cast_float32_to_float16_with_each_round_mode(ub, mode):
    vals = np.array([1 + 2 ** -11, 1 + 3 * 2 ** -11, -(1 + 2 ** -11), 0.1, -0.1, 1.0, 3.14159, -2.71828,
                     1 + 2 ** -12, 65500.0, 2 ** -20, -1e-3, 7.0, 1024.5, -1024.5, 0.33333], dtype=np.float32)
    src, dst = ub("float32", vals), ub("float16", n=16)
    asc.cast(dst, src, getattr(asc.RoundMode, mode), 16)
    for got, v in zip(dst.view(), vals, strict=True):
        x = Fraction(float(v))
        lo, hi = _f16_neighbours(x)
        if lo == hi:
            want = lo
        elif mode == "CAST_FLOOR":
            want = lo
        elif mode == "CAST_CEIL":
            want = hi
        elif mode == "CAST_TRUNC":
            want = lo if x > 0 else hi
        elif mode == "CAST_ODD":
            want = lo if int(lo.view(np.uint16)) & 1 else hi
        else:
            dl, dh = x - Fraction(float(lo)), Fraction(float(hi)) - x
            if dl != dh:
                want = lo if dl < dh else hi
            elif mode == "CAST_ROUND":
                want = hi if x > 0 else lo
            else:
                want = lo if int(lo.view(np.uint16)) % 2 == 0 else hi
        assert got == want, f"{mode} {float(v)!r}: got {got!r}, want {want!r}"


def test_cast_half_to_float_is_exact_and_int_to_half(ub):
    h = np.array([0.1, -3.5, 65504, 6e-8] * 4, dtype=np.float16)
    src, dst = ub("float16", h), ub("float32", n=16)
    asc.cast(dst, src, asc.RoundMode.CAST_NONE, 16)
    np.testing.assert_array_equal(dst.view(), h.astype(np.float32))


def test_reduce_max_with_index_writes_value_then_index_bits(ub):
    x = rng(5).uniform(-10, 10, 300).astype(np.float32)
    x[123] = 50
    x[200] = 50
    src, dst, tmp = ub("float32", x), ub("float32", n=8), ub("float32", n=64)
    asc.reduce_max(dst, src, tmp, 300, True)
    assert dst.view()[0] == 50
    assert dst.view().view(np.uint32)[1] == 123
    asc.reduce_min(dst, src, tmp, 300, True)
    assert dst.view()[0] == x.min()
    assert dst.view().view(np.uint32)[1] == int(np.argmin(x))
    h = x.astype(np.float16)
    hs, hd = ub("float16", h), ub("float16", n=16)
    asc.reduce_max(hd, hs, tmp, 300, True)
    assert hd.view()[0] == h.max() and hd.view().view(np.uint16)[1] == int(np.argmax(h))


def test_reduce_sum_count_and_repeat_forms(ub):
    x = rng(6).uniform(-1, 1, 512).astype(np.float32)
    src, dst, tmp = ub("float32", x), ub("float32", n=8), ub("float32", n=64)
    asc.reduce_sum(dst, src, tmp, 500)
    assert dst.view()[0] == pytest.approx(float(x[:500].sum()), rel=1e-5)
    asc.reduce_sum(dst, src, tmp, 32, 4, 16)
    want = sum(float(x[r * 128 + j]) for r in range(4) for j in range(32))
    assert dst.view()[0] == pytest.approx(want, rel=1e-5)


def test_whole_reduce_per_repeat(ub):
    x = rng(7).uniform(-5, 5, 512).astype(np.float32)
    src, dst = ub("float32", x), ub("float32", n=32)
    asc.whole_reduce_sum(dst, src, 64, 4, 1, 1, 8)
    np.testing.assert_allclose(dst.view()[:4], x[:256].reshape(4, 64).sum(axis=1), rtol=1e-5)
    asc.whole_reduce_max(dst, src, 64, 4, 1, 1, 8)
    rows = x[:256].reshape(4, 64)
    np.testing.assert_array_equal(dst.view()[0:8:2], rows.max(axis=1))
    np.testing.assert_array_equal(dst.view().view(np.uint32)[1:8:2], rows.argmax(axis=1))
    asc.whole_reduce_min(dst, src, 32, 2, 1, 1, 8, asc.ReduceOrder.ORDER_ONLY_VALUE)
    np.testing.assert_array_equal(dst.view()[:2], x[:256].reshape(4, 64)[:2, :32].min(axis=1))


def test_block_and_pair_reductions(ub):
    x = rng(8).uniform(-5, 5, 256).astype(np.float32)
    src, dst = ub("float32", x), ub("float32", n=64)
    asc.block_reduce_sum(dst, src, 2, 64, 1, 1, 8)
    np.testing.assert_allclose(dst.view()[:16], x[:128].reshape(16, 8).sum(axis=1), rtol=1e-5)
    asc.block_reduce_max(dst, src, 2, 64, 1, 1, 8)
    np.testing.assert_array_equal(dst.view()[:16], x[:128].reshape(16, 8).max(axis=1))
    asc.block_reduce_min(dst, src, 1, 64, 1, 1, 8)
    np.testing.assert_array_equal(dst.view()[:8], x[:64].reshape(8, 8).min(axis=1))
    asc.pair_reduce_sum(dst, src, 1, 64, 1, 1, 8)
    np.testing.assert_allclose(dst.view()[:32], x[:64:2] + x[1:64:2], rtol=1e-6)


def test_duplicate_count_and_strided_forms(ub):
    t = ub("float16", np.zeros(256, np.float16))
    asc.duplicate(t, 1.5, 100)
    assert (t.view()[:100] == 1.5).all() and not t.view()[100:].any()
    t.view()[:] = 0
    asc.duplicate(t, 2, 16, 2, 2, 8)  # first block of each repeat; the block stride is irrelevant for one block
    want = np.zeros(256, np.float16)
    want[0:16] = 2
    want[128:144] = 2
    np.testing.assert_array_equal(t.view(), want)


def test_compare_and_select(ub):
    a = np.arange(64, dtype=np.float32)
    b = np.full(64, 31.5, np.float32)
    ta, tb = ub("float32", a), ub("float32", b)
    m = ub("uint8", n=32)
    asc.compare(m, ta, tb, asc.CMPMODE.GT, 64)
    bits = np.unpackbits(m.view()[:8], bitorder="little").astype(bool)
    np.testing.assert_array_equal(bits, a > b)
    out = ub("float32", n=64)
    asc.select(out, m, ta, tb, asc.SelMode.VSEL_TENSOR_TENSOR_MODE, 64)
    np.testing.assert_array_equal(out.view(), np.where(a > b, a, b))
    asc.compare_scalar(m, ta, 10.0, asc.CMPMODE.LE, 64)
    np.testing.assert_array_equal(np.unpackbits(m.view()[:8], bitorder="little").astype(bool), a <= 10)


def test_data_copy_params_bursts_and_gaps(core):
    from pyasc.sim import jit as simjit

    src = np.arange(256, dtype=np.float32)
    dst = np.zeros(256, dtype=np.float32)

    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress):
        xg = asc.GlobalTensor()
        xg.set_global_buffer(x, 256)
        zg = asc.GlobalTensor()
        zg.set_global_buffer(z, 256)
        t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
        asc.data_copy(t, xg, asc.DataCopyParams(3, 2, 1, 0))  # 3 bursts of 2 blocks, skip 1 block in GM
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.data_copy(zg, t, 48)

    state_core = simjit.state.maybe_current()
    simjit.state.set_current(None)
    try:
        k[1](src, dst)
    finally:
        simjit.state.set_current(state_core)
    want = np.concatenate([src[0:16], src[24:40], src[48:64]])
    np.testing.assert_array_equal(dst[:48], want)
    assert not dst[48:].any()


def test_get_value_set_value_and_sub_tensors(ub):
    t = ub("float32", np.arange(64, dtype=np.float32))
    assert t.get_value(5) == 5
    t[8:].set_value(1, 99)
    assert t.view()[9] == 99
    assert t(10) == 10


@pytest.mark.parametrize("name", sorted(n for n in ADV_REF if ADV_REF[n] is not None))
def test_adv_math_elementwise(ub, name):
    for dtype in ("float32", "float16"):
        r = rng(9)
        if name in ("acosh",):
            x = r.uniform(1.1, 4, 64)
        elif name in ("acos", "asin", "atanh"):
            x = r.uniform(-0.9, 0.9, 64)
        elif name in ("log", "lgamma"):
            x = r.uniform(0.2, 4, 64)
        else:
            x = r.uniform(-3, 3, 64)
        x = x.astype(dtype)
        src, dst = ub(dtype, x), ub(dtype, n=64)
        if name == "exp":
            asc.adv.exp(dst, src, 64, 0)
        else:
            getattr(asc.adv, name)(dst, src, 64)
        want = np.asarray(ADV_REF[name](x.astype(np.float64))).astype(dtype)
        np.testing.assert_allclose(dst.view().astype(np.float64), want.astype(np.float64), rtol=2e-3 if
                                   dtype == "float16" else 1e-6, atol=1e-6, err_msg=f"adv.{name} {dtype}")


def test_adv_digamma_power_xor_axpy(ub):
    x = np.array([0.5, 1.0, 2.0, 3.5, 10.0, -0.5, 4.0, 6.0], dtype=np.float32)
    src, dst = ub("float32", x), ub("float32", n=8)
    asc.adv.digamma(dst, src, 8)
    euler = 0.5772156649015329
    assert dst.view()[1] == pytest.approx(-euler, rel=1e-6)
    assert dst.view()[2] == pytest.approx(1 - euler, rel=1e-6)
    assert dst.view()[0] == pytest.approx(-euler - 2 * math.log(2), rel=1e-6)
    y = ub("float32", np.full(8, 2.0, np.float32))
    asc.adv.power(dst, src, y, 8)
    np.testing.assert_allclose(dst.view(), x ** 2, rtol=1e-6)
    ia, ib, ic = ub("int32", np.arange(8)), ub("int32", np.full(8, 5)), ub("int32", n=8)
    asc.adv.xor(ic, ia, ib, 8)
    np.testing.assert_array_equal(ic.view(), np.arange(8) ^ 5)


def test_gather_scatter_brcb_sort32(ub):
    src = ub("float32", np.arange(64, dtype=np.float32) * 10)
    offs = ub("uint32", (np.array([5, 0, 63, 7, 1, 2, 3, 4]) * 4).astype(np.uint32))
    dst = ub("float32", n=8)
    asc.gather(dst, src, offs, 0, 8)
    np.testing.assert_array_equal(dst.view(), np.array([5, 0, 63, 7, 1, 2, 3, 4]) * 10)
    out = ub("float32", np.zeros(64, np.float32))
    asc.scatter(out, dst, offs, 0, 8)
    assert out.view()[63] == 630 and out.view()[5] == 50
    b = ub("float32", n=64)
    asc.brcb(b, src, 1, asc.BrcbRepeatParams(1, 8))
    np.testing.assert_array_equal(b.view(), np.repeat(np.arange(8) * 10.0, 8))
    vals = ub("float32", rng(3).permutation(32).astype(np.float32))
    idx = ub("uint32", np.arange(32, dtype=np.uint32))
    sorted_ = ub("float32", n=64)
    asc.sort32(sorted_, vals, idx, 1)
    rec = sorted_.view()
    np.testing.assert_array_equal(rec[0::2], np.sort(vals.view())[::-1])
    np.testing.assert_array_equal(rec.view(np.uint32)[1::2], np.argsort(-vals.view(), kind="stable"))


def test_atomic_add_accumulates_copies_to_gm():
    z = np.ones(64, np.float32)
    x = np.full(64, 2, np.float32)

    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress):
        xg = asc.GlobalTensor()
        xg.set_global_buffer(x, 64)
        zg = asc.GlobalTensor()
        zg.set_global_buffer(z, 64)
        t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        asc.data_copy(t, xg, 64)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.set_atomic_add()
        asc.data_copy(zg, t, 64)
        asc.set_atomic_none()

    k[4](x, z)
    np.testing.assert_array_equal(z, np.full(64, 9, np.float32))


def test_matmul_iterate_all():
    a = rng(1).uniform(-1, 1, (32, 16)).astype(np.float16)
    b = rng(2).uniform(-1, 1, (16, 48)).astype(np.float16)
    c = np.zeros((32, 48), np.float32)

    @asc.jit
    def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress):
        ag = asc.GlobalTensor()
        ag.set_global_buffer(a)
        bg = asc.GlobalTensor()
        bg.set_global_buffer(b)
        cg = asc.GlobalTensor()
        cg.set_global_buffer(c)
        a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
        mm = asc.adv.Matmul(a_type, a_type, c_type)
        mm.set_org_shape(32, 48, 16)
        mm.set_single_shape(32, 48, 16)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.iterate_all(cg)
        mm.end()

    with sim.settings():
        k[1](a, b, c)
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-5, atol=1e-5)
