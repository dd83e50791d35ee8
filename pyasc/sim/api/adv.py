"""Advanced API semantics (`asc.adv.*`): elementwise math computed in float64 and rounded once to the dtype, and
the fused operators (softmax, rmsnorm, quant) on the rows of their tensors."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import pipes
from ..objects import LocalTensor
from ._vec import as_dtype, cur, read_pairs, rows_cols, store, write_pairs
from .cast import convert

V = pipes.V


def _digamma(x: np.ndarray) -> np.ndarray:
    x = x.astype(np.float64).copy()
    out = np.zeros_like(x)
    reflect = x < 0.5
    xr = np.where(reflect, 1.0 - x, x)
    acc = np.zeros_like(xr)
    while True:
        small = xr < 6.0
        if not small.any():
            break
        acc -= np.where(small, 1.0 / xr, 0.0)
        xr = np.where(small, xr + 1.0, xr)
    inv = 1.0 / xr
    inv2 = inv * inv
    series = np.log(xr) - 0.5 * inv - inv2 * (1 / 12 - inv2 * (1 / 120 - inv2 * (1 / 252 - inv2 * (1 / 240))))
    out = series + acc
    with np.errstate(all="ignore"):
        out = np.where(reflect, out - np.pi / np.tan(np.pi * x), out)
    return out


_erf = np.vectorize(math.erf, otypes=[np.float64])
_erfc = np.vectorize(math.erfc, otypes=[np.float64])


def _lgamma(x: np.ndarray) -> np.ndarray:
    f = np.vectorize(lambda v: math.lgamma(v) if not (v <= 0 and float(v).is_integer()) else math.inf,
                     otypes=[np.float64])
    return f(x)


def _math(name: str, f: Callable[[np.ndarray], np.ndarray]) -> Callable[..., None]:
    def op(dst: LocalTensor, src: LocalTensor, count: Any = None, temp_buffer: Any = None,
           is_reuse_source: Any = False, taylor_expand_level: Any = None) -> None:
        _apply(name, dst, (src,), lambda a: f(a[0]), count)

    op.__name__ = name
    op.__doc__ = f"adv.{name}: elementwise, computed in float64 and rounded to dst's dtype."
    return op


def _apply(name: str, dst: LocalTensor, srcs: tuple[LocalTensor, ...], f: Callable[[list[np.ndarray]], np.ndarray],
           count: Any) -> None:
    core = cur()
    n = int(count) if count is not None else min([dst.length] + [s.length for s in srcs])
    if not core.access(V, tuple((s, 0, n) for s in srcs), ((dst, 0, n),), f"adv.{name}"):
        return
    with np.errstate(all="ignore"):
        vals = [s.view()[:n].astype(np.float64) if s.dtype.is_float else s.view()[:n] for s in srcs]
        r = f(vals)
        d = dst.view()[:n]
        if dst.dtype.is_float:
            store(d, convert(np.asarray(r, dtype=np.float64), dst.dtype.name, "CAST_RINT"))
        else:
            store(d, np.asarray(r))


def _half_away(x: np.ndarray) -> np.ndarray:
    return np.sign(x) * np.floor(np.abs(x) + 0.5)


acos = _math("acos", np.arccos)
acosh = _math("acosh", np.arccosh)
asin = _math("asin", np.arcsin)
asinh = _math("asinh", np.arcsinh)
atan = _math("atan", np.arctan)
atanh = _math("atanh", np.arctanh)
ceil = _math("ceil", np.ceil)
cos = _math("cos", np.cos)
cosh = _math("cosh", np.cosh)
digamma = _math("digamma", _digamma)
erf = _math("erf", _erf)
erfc = _math("erfc", _erfc)
exp = _math("exp", np.exp)
floor = _math("floor", np.floor)
frac = _math("frac", lambda a: a - np.trunc(a))
lgamma = _math("lgamma", _lgamma)
log = _math("log", np.log)
round = _math("round", np.rint)  # noqa: A001 - the asc name
sign = _math("sign", np.sign)
sin = _math("sin", np.sin)
sinh = _math("sinh", np.sinh)
tan = _math("tan", np.tan)
tanh = _math("tanh", np.tanh)
trunc = _math("trunc", np.trunc)
sqrt = _math("sqrt", np.sqrt)
abs = _math("abs", np.abs)  # noqa: A001
sigmoid = _math("sigmoid", lambda a: 1.0 / (1.0 + np.exp(-a)))
gelu = _math("gelu", lambda a: 0.5 * a * (1.0 + _erf(a / math.sqrt(2.0))))
silu = _math("silu", lambda a: a / (1.0 + np.exp(-a)))
relu = _math("relu", lambda a: np.maximum(a, 0.0))


def power(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, count: Any = None, temp_buffer: Any = None,
          is_reuse_source: Any = False) -> None:
    """dst = src0 ** src1, elementwise."""
    _apply("power", dst, (src0, src1), lambda v: np.power(v[0], v[1]), count)


def xor(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, count: Any = None, temp_buffer: Any = None,
        is_reuse_source: Any = False) -> None:
    """dst = src0 ^ src1 on integer tensors."""
    _apply("xor", dst, (src0, src1), lambda v: np.bitwise_xor(v[0], v[1]), count)


def axpy(dst: LocalTensor, src: LocalTensor, scalar: Any, count: Any = None, temp_buffer: Any = None,
         is_reuse_source: Any = False) -> None:
    """dst = src * scalar + dst."""
    core = cur()
    n = int(count) if count is not None else min(dst.length, src.length)
    if not core.access(V, ((src, 0, n), (dst, 0, n)), ((dst, 0, n),), "adv.axpy"):
        return
    with np.errstate(all="ignore"):
        r = src.view()[:n].astype(np.float64) * float(scalar) + dst.view()[:n].astype(np.float64)
        store(dst.view()[:n], convert(r, dst.dtype.name, "CAST_RINT"))


def softmax(dst: LocalTensor, sum: LocalTensor, max: LocalTensor, src: LocalTensor, tiling: Any = None,  # noqa: A002
            temp_buffer: Any = None, reuse_source: Any = False, basic_block: Any = False,
            data_format_nz: Any = False) -> None:
    """Row-wise softmax of a rows x cols source; sum and max receive each row's statistics, one 32-byte block per
    row (the value repeated across the block, as SoftMax writes them)."""
    core = cur()
    rows, cols = rows_cols(tiling, src)
    n = rows * cols
    bw = 32 // sum.esize
    if not core.access(V, ((src, 0, n),), ((dst, 0, n), (sum, 0, rows * bw), (max, 0, rows * bw)), "adv.softmax"):
        return
    x = src.view()[:n].astype(np.float32).reshape(rows, cols)
    m = x.max(axis=1, keepdims=True)
    e = np.exp(x - m)
    s = e.sum(axis=1, keepdims=True)
    store(dst.view()[:n], (e / s).reshape(-1).astype(dst.npdt))
    store(max.view()[:rows * bw], np.repeat(m[:, 0], bw).astype(max.npdt))
    store(sum.view()[:rows * bw], np.repeat(s[:, 0], bw).astype(sum.npdt))


def rmsnorm(dst: LocalTensor, src: LocalTensor, gamma: LocalTensor, epsilon: Any, tiling: Any = None,
            temp_buffer: Any = None, basic_block: Any = False) -> None:
    """Row-wise x / sqrt(mean(x^2) + epsilon) * gamma."""
    core = cur()
    rows, cols = rows_cols(tiling, src)
    n = rows * cols
    if not core.access(V, ((src, 0, n), (gamma, 0, cols)), ((dst, 0, n),), "adv.rmsnorm"):
        return
    x = src.view()[:n].astype(np.float32).reshape(rows, cols)
    g = gamma.view()[:cols].astype(np.float32)
    y = x / np.sqrt((x * x).mean(axis=1, keepdims=True) + np.float32(epsilon)) * g
    store(dst.view()[:n], y.reshape(-1).astype(dst.npdt))


def quant(dst: LocalTensor, src: LocalTensor, scale: Any, offset: Any, count: Any = None, temp_buffer: Any = None,
          reuse_source: Any = False, config: Any = None) -> None:
    """dst = saturate(round(src * scale + offset)) to int8."""
    _apply("quant", dst, (src,), lambda v: np.clip(np.rint(v[0] * float(scale) + float(offset)), -128, 127),
           count)


_ = as_dtype


def concat(dst: LocalTensor, src: LocalTensor, tmp: LocalTensor, repeat_time: Any) -> None:
    """Pack repeat_time * 32 values into the 8-byte (value, index) records Sort consumes (index 0)."""
    core = cur()
    n = int(repeat_time) * 32
    if not core.access(V, ((src, 0, n),), ((dst, 0, n * (8 // dst.esize)),), "adv.concat"):
        return
    write_pairs(dst, src.view()[:n], np.zeros(n, dtype=np.uint32))


def extract(dst_value: LocalTensor, dst_index: LocalTensor, src: LocalTensor, repeat_time: Any) -> None:
    """Split repeat_time * 32 sorted (value, index) records into values and uint32 indexes."""
    core = cur()
    n = int(repeat_time) * 32
    if not core.access(V, ((src, 0, n * (8 // src.esize)),), ((dst_value, 0, n), (dst_index, 0, n)), "adv.extract"):
        return
    vals, idx = read_pairs(src, n)
    dst_value.view()[:n] = vals.astype(dst_value.npdt)
    dst_index.view()[:n].view(np.uint32)[:] = idx if dst_index.esize == 4 else idx.astype(dst_index.npdt)
