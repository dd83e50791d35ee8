"""Vector arithmetic (count and mask/repeat forms: binary, unary, tensor-scalar), Duplicate and Cast."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .. import pipes
from ..objects import LocalTensor, enum_member_name
from ._vec import as_dtype, cur
from .cast import convert
from .elementwise import bin_strides, elementwise, un_strides

V, S, MTE2, MTE3 = pipes.V, pipes.S, pipes.MTE2, pipes.MTE3


def _relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, np.zeros((), dtype=x.dtype))


def _binary(name: str, compute: Callable[..., np.ndarray], reads_dst: bool = False,
            ufunc: np.ufunc | None = None) -> Callable[..., None]:
    def op(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, count: Any = None, mask: Any = None,
           repeat_times: Any = None, repeat_params: Any = None, is_set_mask: Any = True) -> None:
        if ufunc is not None and count is not None and dst.npdt == src0.npdt == src1.npdt:
            # fast path of the count form: one ufunc into the UB view (same dtype: no rounding difference)
            n = int(count)
            if cur().access(V, ((src0, 0, n), (src1, 0, n)), ((dst, 0, n),), name) and n > 0:
                ufunc(src0.view()[:n], src1.view()[:n], out=dst.view()[:n])
            return
        ds, ss = bin_strides(repeat_params)
        elementwise(name, dst, (src0, src1), compute, count, mask, repeat_times, ds, ss, is_set_mask, reads_dst)

    op.__name__ = name
    op.__doc__ = f"{name}: binary vector instruction over a count or mask/repeat/BinaryRepeatParams form."
    op.compute, op.ufunc, op.reads_dst = compute, ufunc, reads_dst  # type: ignore[attr-defined] # for lockstep
    return op


def _in_dtype(f: Callable[..., np.ndarray]) -> Callable[..., np.ndarray]:
    """Keep the result in the first operand's dtype (float16 arithmetic stays float16, integers wrap)."""

    def g(*a: np.ndarray) -> np.ndarray:
        r = f(*a)
        return r.astype(a[0].dtype, copy=False)

    return g


add = _binary("add", _in_dtype(np.add), ufunc=np.add)
sub = _binary("sub", _in_dtype(np.subtract), ufunc=np.subtract)
mul = _binary("mul", _in_dtype(np.multiply), ufunc=np.multiply)
div = _binary("div", _in_dtype(np.true_divide), ufunc=np.true_divide)
max = _binary("max", _in_dtype(np.maximum), ufunc=np.maximum)  # noqa: A001 - the asc name
min = _binary("min", _in_dtype(np.minimum), ufunc=np.minimum)  # noqa: A001
bitwise_and = _binary("bitwise_and", _in_dtype(np.bitwise_and), ufunc=np.bitwise_and)
bitwise_or = _binary("bitwise_or", _in_dtype(np.bitwise_or), ufunc=np.bitwise_or)
add_relu = _binary("add_relu", lambda a, b: _relu(np.add(a, b).astype(a.dtype)))
sub_relu = _binary("sub_relu", lambda a, b: _relu(np.subtract(a, b).astype(a.dtype)))
# FusedMulAdd: dst = src0 * dst + src1; MulAddDst: dst = src0 * src1 + dst (each step rounded to the dtype)
fused_mul_add = _binary("fused_mul_add", lambda a, b, d: (a * d).astype(a.dtype) + b, reads_dst=True)
fused_mul_add_relu = _binary("fused_mul_add_relu", lambda a, b, d: _relu(((a * d).astype(a.dtype) + b)
                                                                            .astype(a.dtype)), reads_dst=True)
mul_add_dst = _binary("mul_add_dst", lambda a, b, d: (a * b).astype(a.dtype) + d, reads_dst=True)


def _cast_binary(name: str, f: Callable[..., np.ndarray], relu: bool) -> Callable[..., None]:
    def op(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, count: Any = None, mask: Any = None,
           repeat_times: Any = None, repeat_params: Any = None, is_set_mask: Any = True) -> None:
        def compute(a: np.ndarray, b: np.ndarray) -> np.ndarray:
            r = f(a, b).astype(a.dtype)
            if relu:
                r = _relu(r)
            return convert(r, dst.dtype.name, "CAST_NONE")

        ds, ss = bin_strides(repeat_params)
        elementwise(name, dst, (src0, src1), compute, count, mask, repeat_times, ds, ss, is_set_mask)

    op.__name__ = name
    op.__doc__ = f"{name}: binary instruction whose result is converted to dst's dtype."
    return op


add_relu_cast = _cast_binary("add_relu_cast", np.add, True)
sub_relu_cast = _cast_binary("sub_relu_cast", np.subtract, True)
mul_cast = _cast_binary("mul_cast", np.multiply, False)


def add_deq_relu(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, count: Any = None, mask: Any = None,
                 repeat_times: Any = None, repeat_params: Any = None, is_set_mask: Any = True) -> None:
    """int32 + int32, scaled by the DEQ scale set with set_deq_scale, ReLU, to half."""
    scale = float(cur().scalar_state.get("deq_scale", 1.0))

    def compute(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        r = (a.astype(np.int64) + b).astype(np.float32) * np.float32(scale)
        return _relu(r).astype(dst.npdt)

    ds, ss = bin_strides(repeat_params)
    elementwise("add_deq_relu", dst, (src0, src1), compute, count, mask, repeat_times, ds, ss, is_set_mask)


# ---------------------------------------------------------------------------------------------------------------------
# Unary


def _unary(name: str, compute: Callable[[np.ndarray], np.ndarray]) -> Callable[..., None]:
    def op(dst: LocalTensor, src: LocalTensor, count: Any = None, mask: Any = None, repeat_times: Any = None,
           repeat_params: Any = None, is_set_mask: Any = True) -> None:
        ds, ss = un_strides(repeat_params)
        elementwise(name, dst, (src,), compute, count, mask, repeat_times, ds, ss, is_set_mask)

    op.__name__ = name
    op.__doc__ = f"{name}: unary vector instruction over a count or mask/repeat/UnaryRepeatParams form."
    op.compute = compute  # type: ignore[attr-defined] # for lockstep
    return op


def _float_in_dtype(f: Callable[[np.ndarray], np.ndarray]) -> Callable[[np.ndarray], np.ndarray]:
    return lambda a: f(a).astype(a.dtype, copy=False)


abs = _unary("abs", _float_in_dtype(np.abs))  # noqa: A001
exp = _unary("exp", _float_in_dtype(np.exp))
ln = _unary("ln", _float_in_dtype(np.log))
sqrt = _unary("sqrt", _float_in_dtype(np.sqrt))
rsqrt = _unary("rsqrt", _float_in_dtype(lambda a: np.reciprocal(np.sqrt(a))))
reciprocal = _unary("reciprocal", _float_in_dtype(np.reciprocal))
relu = _unary("relu", _relu)
bitwise_not = _unary("bitwise_not", np.invert)
neg = _unary("neg", _float_in_dtype(np.negative))


# ---------------------------------------------------------------------------------------------------------------------
# Tensor-scalar


def _scalar_op(name: str, compute: Callable[[np.ndarray, Any], np.ndarray], reads_dst: bool = False
               ) -> Callable[..., None]:
    def op(dst: LocalTensor, src: LocalTensor, scalar: Any, count: Any = None, mask: Any = None,
           repeat_times: Any = None, repeat_params: Any = None, is_set_mask: Any = True) -> None:
        s = as_dtype(scalar, src)
        ds, ss = un_strides(repeat_params)
        if reads_dst:
            f = lambda a, d: compute(a, s, d)  # noqa: E731
        else:
            f = lambda a: compute(a, s)  # noqa: E731
        elementwise(name, dst, (src,), f, count, mask, repeat_times, ds, ss, is_set_mask, reads_dst)

    op.__name__ = name
    op.__doc__ = f"{name}: tensor-scalar vector instruction; the scalar is converted to the tensor's dtype."
    op.compute, op.reads_dst = compute, reads_dst  # type: ignore[attr-defined] # for lockstep
    return op


adds = _scalar_op("adds", lambda a, s: (a + s).astype(a.dtype))
muls = _scalar_op("muls", lambda a, s: (a * s).astype(a.dtype))
maxs = _scalar_op("maxs", lambda a, s: np.maximum(a, s).astype(a.dtype))
mins = _scalar_op("mins", lambda a, s: np.minimum(a, s).astype(a.dtype))
leaky_relu = _scalar_op("leaky_relu", lambda a, s: np.where(a >= 0, a, (a * s).astype(a.dtype)).astype(a.dtype))
def _shift(name: str, shift: Callable[[np.ndarray, Any], np.ndarray]) -> Callable[..., None]:
    """ShiftLeft/ShiftRight: integer elements only (Ascend C has no float form; CANN's tracer writes the call anyway,
    so a float tensor is a finding, never a numpy error)."""
    def compute(a: np.ndarray, s: Any) -> np.ndarray:
        if a.dtype.kind not in "iu":
            cur().report("bad-argument", f"{name} shifts integer elements; Ascend C has no {name} of {a.dtype.name}")
            return a
        return shift(a, s.astype(a.dtype)).astype(a.dtype)
    return _scalar_op(name, compute)


shift_left = _shift("shift_left", np.left_shift)
shift_right = _shift("shift_right", np.right_shift)
# Axpy: dst = src * scalar + dst
axpy = _scalar_op("axpy", lambda a, s, d: ((a * s).astype(d.dtype) + d).astype(d.dtype), reads_dst=True)


def duplicate(dst: LocalTensor, scalar: Any, count: Any = None, mask: Any = None, repeat_times: Any = None,
              dst_block_stride: Any = 1, dst_repeat_stride: Any = 8, is_set_mask: Any = True) -> None:
    """Fill with a scalar converted to dst's dtype."""
    s = as_dtype(scalar, dst)
    elementwise("duplicate", dst, (), lambda: s, count, mask, repeat_times,
                 (int(dst_block_stride), int(dst_repeat_stride)), (), is_set_mask)


# ---------------------------------------------------------------------------------------------------------------------
# Cast


def cast(dst: LocalTensor, src: LocalTensor, round_mode: Any, count: Any = None, mask: Any = None,
         repeat_times: Any = None, repeat_params: Any = None, is_set_mask: Any = True) -> None:
    """Convert between element types with a RoundMode (see pyasc.sim.api.cast.convert)."""
    mode = enum_member_name(round_mode, "RoundMode")
    ds, ss = un_strides(repeat_params)
    elementwise("cast", dst, (src,), lambda a: convert(a, dst.dtype.name, mode, src.dtype.name), count, mask,
                 repeat_times, ds, ss, is_set_mask)


def set_deq_scale(scale: Any = None, offset: Any = 0, sign_mode: Any = False, vdeq: Any = None,
                  vdeq_info: Any = None) -> None:
    """Remember the DEQ scale used by add_deq_relu / cast_deq."""
    core = cur()
    core.scalar_tick()
    if scale is not None:
        core.scalar_state["deq_scale"] = float(scale)


def cast_deq(dst: LocalTensor, src: LocalTensor, count: Any = None, mask: Any = None, repeat_times: Any = None,
             repeat_params: Any = None, is_set_mask: Any = True, is_vec_deq: Any = True,
             half_block: Any = True) -> None:
    """int16 -> int8/uint8 with the DEQ scale, saturating."""
    scale = float(cur().scalar_state.get("deq_scale", 1.0))
    info = np.iinfo(dst.npdt) if dst.npdt.kind in "iu" else None

    def compute(a: np.ndarray) -> np.ndarray:
        r = np.rint(a.astype(np.float32) * np.float32(scale))
        if info is not None:
            r = np.clip(r, info.min, info.max)
        return r.astype(dst.npdt)

    ds, ss = un_strides(repeat_params)
    elementwise("cast_deq", dst, (src,), compute, count, mask, repeat_times, ds, ss, is_set_mask)
