"""Basic API semantics: vector arithmetic (count and mask/repeat forms), Cast, reductions, data movement,
synchronization, system variables and scalar helpers."""

from __future__ import annotations

import builtins
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import state
from ..objects import GlobalTensor, LocalTensor, enum_member_name
from ..scalars import DeviceInt
from ._vec import as_dtype, check_repeat, cur, epr_of, field, mask_key, rep_index, span, store
from .cast import convert
from .cube import CUBE_COPIES

V, S, MTE2, MTE3 = state.V, state.S, state.MTE2, state.MTE3
_np = np

# ---------------------------------------------------------------------------------------------------------------------
# Elementwise framework


def _elementwise(name: str, dst: LocalTensor, srcs: tuple[LocalTensor, ...], compute: Callable[..., np.ndarray],
                 count: Any, mask: Any, repeat_times: Any, dst_strides: tuple[int, int],
                 src_strides: tuple[tuple[int, int], ...], is_set_mask: Any = True, reads_dst: bool = False) -> None:
    """Run `dst = compute(*srcs)` over a count or a mask/repeat/stride form, after the sanitizer's checks."""
    core = cur()
    if count is not None:
        n = int(count)
        reads = tuple((s, 0, n) for s in srcs) + (((dst, 0, n),) if reads_dst else ())
        if not core.access(V, reads, ((dst, 0, n),), name):
            return
        if n <= 0:
            return
        d = dst.view()[:n]
        args = [s.view()[:n] for s in srcs]
        if reads_dst:
            args.append(d.copy())
        out = compute(*args)
        store(d, out)
        return
    epr = epr_of(dst, *srcs)
    key = mask_key(core, mask, epr, is_set_mask, counter=True)
    rep = check_repeat(core, repeat_times)
    if key is None or rep is None:
        return
    di = rep_index(dst.esize, epr, key, rep, *dst_strides)
    sis = [rep_index(s.esize, epr, key, rep, *st) for s, st in zip(srcs, src_strides, strict=True)]
    reads = tuple((s, *span(i)) for s, i in zip(srcs, sis, strict=True)) + (((dst, *span(di)),) if reads_dst else ())
    if not core.access(V, reads, ((dst, *span(di)),), name, cost_bytes=rep * 256):
        return
    if di.size == 0:
        return
    d = dst.view()
    with np.errstate(all="ignore"):
        args = [s.view()[i] for s, i in zip(srcs, sis, strict=True)]
        if reads_dst:
            args.append(d[di])
        out = compute(*args)
        d[di] = out.astype(d.dtype, copy=False) if isinstance(out, np.ndarray) else out


_BIN_DEFAULT = ((1, 8), ((1, 8), (1, 8)))
_UN_DEFAULT = ((1, 8), ((1, 8),))


def _bin_strides(p: Any) -> tuple[tuple[int, int], tuple[tuple[int, int], ...]]:
    if p is None:
        return _BIN_DEFAULT
    return ((field(p, "dst_blk_stride", "dst_block_stride", default=1), field(p, "dst_rep_stride",
                                                                                "dst_repeat_stride", default=8)),
            ((field(p, "src0_blk_stride", "src0_block_stride", default=1),
              field(p, "src0_rep_stride", "src0_repeat_stride", default=8)),
             (field(p, "src1_blk_stride", "src1_block_stride", default=1),
              field(p, "src1_rep_stride", "src1_repeat_stride", default=8))))


def _un_strides(p: Any) -> tuple[tuple[int, int], tuple[tuple[int, int], ...]]:
    if p is None:
        return _UN_DEFAULT
    return ((field(p, "dst_blk_stride", "dst_block_stride", default=1),
             field(p, "dst_rep_stride", "dst_repeat_stride", default=8)),
            ((field(p, "src_blk_stride", "src_block_stride", default=1),
              field(p, "src_rep_stride", "src_repeat_stride", default=8)),))


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
        ds, ss = _bin_strides(repeat_params)
        _elementwise(name, dst, (src0, src1), compute, count, mask, repeat_times, ds, ss, is_set_mask, reads_dst)

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

        ds, ss = _bin_strides(repeat_params)
        _elementwise(name, dst, (src0, src1), compute, count, mask, repeat_times, ds, ss, is_set_mask)

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

    ds, ss = _bin_strides(repeat_params)
    _elementwise("add_deq_relu", dst, (src0, src1), compute, count, mask, repeat_times, ds, ss, is_set_mask)


# ---------------------------------------------------------------------------------------------------------------------
# Unary


def _unary(name: str, compute: Callable[[np.ndarray], np.ndarray]) -> Callable[..., None]:
    def op(dst: LocalTensor, src: LocalTensor, count: Any = None, mask: Any = None, repeat_times: Any = None,
           repeat_params: Any = None, is_set_mask: Any = True) -> None:
        ds, ss = _un_strides(repeat_params)
        _elementwise(name, dst, (src,), compute, count, mask, repeat_times, ds, ss, is_set_mask)

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
        ds, ss = _un_strides(repeat_params)
        if reads_dst:
            f = lambda a, d: compute(a, s, d)  # noqa: E731
        else:
            f = lambda a: compute(a, s)  # noqa: E731
        _elementwise(name, dst, (src,), f, count, mask, repeat_times, ds, ss, is_set_mask, reads_dst)

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
    _elementwise("duplicate", dst, (), lambda: s, count, mask, repeat_times,
                 (int(dst_block_stride), int(dst_repeat_stride)), (), is_set_mask)


# ---------------------------------------------------------------------------------------------------------------------
# Cast


def cast(dst: LocalTensor, src: LocalTensor, round_mode: Any, count: Any = None, mask: Any = None,
         repeat_times: Any = None, repeat_params: Any = None, is_set_mask: Any = True) -> None:
    """Convert between element types with a RoundMode (see pyasc.sim.api.cast.convert)."""
    mode = enum_member_name(round_mode, "RoundMode")
    ds, ss = _un_strides(repeat_params)
    _elementwise("cast", dst, (src,), lambda a: convert(a, dst.dtype.name, mode, src.dtype.name), count, mask,
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

    ds, ss = _un_strides(repeat_params)
    _elementwise("cast_deq", dst, (src,), compute, count, mask, repeat_times, ds, ss, is_set_mask)


# ---------------------------------------------------------------------------------------------------------------------
# Compare and select


_CMP = {"LT": np.less, "GT": np.greater, "EQ": np.equal, "LE": np.less_equal, "GE": np.greater_equal,
        "NE": np.not_equal}


def _pack_bits(core: state.Core, dst: LocalTensor, bits: np.ndarray, name: str) -> None:
    """Write a boolean vector as a bit mask (bit i of byte i // 8) into dst's bytes."""
    packed = np.packbits(bits.astype(np.uint8), bitorder="little")
    nelem = -(-packed.size // dst.esize)
    if not core.access(V, (), ((dst, 0, nelem),), name):
        return
    raw = dst.view().view(np.uint8)
    raw[:packed.size] = packed


def compare(dst: Any = None, src0: Any = None, src1: Any = None, cmp_mode: Any = None, count: Any = None,
            mask: Any = None, repeat_times: Any = None, repeat_params: Any = None, is_set_mask: Any = True) -> None:
    """dst bit i = src0[i] <cmp_mode> src1[i], packed 8 results per byte; without dst, one repeat's results go to
    the 128-bit CMPMASK register (read by select in VSEL_CMPMASK_SPR mode and by get_cmp_mask)."""
    core = cur()
    op = _CMP[enum_member_name(cmp_mode, "CMPMODE")]
    if count is not None:
        n = int(count)
        if not core.access(V, ((src0, 0, n), (src1, 0, n)), (), "compare"):
            return
        _pack_bits(core, dst, op(src0.view()[:n], src1.view()[:n]), "compare")
        return
    epr = epr_of(src0, src1)
    key = mask_key(core, mask, epr, is_set_mask)
    rep = check_repeat(core, 1 if repeat_times is None else repeat_times)
    if key is None or rep is None:
        return
    _, ss = _bin_strides(repeat_params)
    full = rep_index(src0.esize, epr, ("n", epr), rep, *ss[0])
    i0 = rep_index(src0.esize, epr, key, rep, *ss[0])
    i1 = rep_index(src1.esize, epr, key, rep, *ss[1])
    if not core.access(V, ((src0, *span(i0)), (src1, *span(i1))), (), "compare"):
        return
    res = np.zeros(full.size, dtype=bool)
    pos = np.searchsorted(full, i0) if full.size else full
    res[pos] = op(src0.view()[i0], src1.view()[i1])
    if dst is None:
        bits = np.zeros(128, dtype=bool)
        bits[:res[:128].size] = res[:128]
        core.scalar_state["cmpmask"] = np.packbits(bits.astype(np.uint8), bitorder="little")
        return
    _pack_bits(core, dst, res, "compare")


def compare_scalar(dst: LocalTensor, src0: LocalTensor, src1_scalar: Any, cmp_mode: Any, count: Any = None,
                   mask: Any = None, repeat_times: Any = None, repeat_params: Any = None,
                   is_set_mask: Any = True) -> None:
    """dst bit i = src0[i] <cmp_mode> scalar."""
    core = cur()
    op = _CMP[enum_member_name(cmp_mode, "CMPMODE")]
    s = as_dtype(src1_scalar, src0)
    if count is None:
        epr = epr_of(src0)
        count = int(repeat_times) * epr
    n = int(count)
    if not core.access(V, ((src0, 0, n),), (), "compare_scalar"):
        return
    _pack_bits(core, dst, op(src0.view()[:n], s), "compare_scalar")


def select(dst: LocalTensor, sel_mask: Any = None, src0: Any = None, src1: Any = None, sel_mode: Any = None,
           count: Any = None, mask: Any = None, repeat_times: Any = None, repeat_params: Any = None,
           is_set_mask: Any = True) -> None:
    """dst[i] = src0[i] where selection bit i is set, else src1[i] (or the scalar src1).  The bits come from
    sel_mask, or from the CMPMASK register (VSEL_CMPMASK_SPR, or the form without sel_mask) for every repeat."""
    core = cur()
    mode = enum_member_name(sel_mode, "SelMode") if sel_mode is not None else "VSEL_CMPMASK_SPR"
    if src1 is None and sel_mask is not None:
        # select(dst, sel_mask, src0, repeat_times, repeat_params): VSEL_TENSOR_SCALAR_MODE with the scalar in the
        # CMPMASK register, i.e. the first element of what set_cmp_mask loaded, read as dst's type
        reg = core.scalar_state.get("cmpmask", np.zeros(16, np.uint8))
        src1 = reg[:dst.esize].view(dst.npdt)[0]
        mode = "VSEL_TENSOR_SCALAR_MODE"
    if src1 is None:
        core.report("bad-call", "select without src1 needs sel_mask (the scalar then comes from set_cmp_mask)")
        return
    epr = epr_of(dst)
    if count is not None:
        n = int(count)
        didx = s0idx = s1idx = np.arange(n, dtype=np.int64)
        order = didx
    else:
        key = mask_key(core, mask, epr, is_set_mask)
        rep = check_repeat(core, repeat_times)
        if key is None or rep is None:
            return
        ds, ss = _bin_strides(repeat_params)
        didx = rep_index(dst.esize, epr, key, rep, *ds)
        s0idx = rep_index(src0.esize, epr, key, rep, *ss[0])
        s1idx = rep_index(src1.esize, epr, key, rep, *ss[1]) if isinstance(src1, LocalTensor) else s0idx
        active = rep_index(dst.esize, epr, key, 1, 1, 8)
        order = (np.arange(rep, dtype=np.int64)[:, None] * epr + active[None, :]).ravel()
    if mode == "VSEL_CMPMASK_SPR" or sel_mask is None:
        reg = core.scalar_state.get("cmpmask", np.zeros(16, np.uint8))
        bits = np.unpackbits(reg, bitorder="little").astype(bool)[order % 128]
        reads: tuple[tuple[Any, int, int], ...] = ((src0, *span(s0idx)),)
    else:
        nbits = int(order.max()) + 1 if order.size else 0
        nbytes = -(-nbits // 8)
        reads = ((src0, *span(s0idx)), (sel_mask, 0, -(-nbytes // sel_mask.esize)))
        raw = sel_mask.view().view(np.uint8)[:nbytes]
        bits = np.unpackbits(raw, bitorder="little").astype(bool)[order]
    if isinstance(src1, LocalTensor):
        reads += ((src1, *span(s1idx)),)
    if not core.access(V, reads, ((dst, *span(didx)),), "select"):
        return
    other = src1.view()[s1idx] if isinstance(src1, LocalTensor) else as_dtype(src1, dst)
    dst.view()[didx] = np.where(bits, src0.view()[s0idx], other).astype(dst.npdt)


# ---------------------------------------------------------------------------------------------------------------------
# Reductions


def _index_bits(dst: LocalTensor, pos: int, index: int) -> None:
    """Store an index into element `pos` of dst as raw unsigned bits of dst's width (read with reinterpret_cast)."""
    raw = dst.view().view({2: np.uint16, 4: np.uint32, 1: np.uint8, 8: np.uint64}[dst.esize])
    raw[pos] = index


def _reduce_all(name: str, dst: LocalTensor, src: LocalTensor, tmp: Any, count: Any, mask: Any, repeat_time: Any,
                src_rep_stride: Any, cal_index: Any, kind: str) -> None:
    core = cur()
    if count is not None:
        idx = None
        lo, hi = 0, int(count)
    else:
        epr = epr_of(src)
        key = mask_key(core, mask, epr)
        rep = check_repeat(core, repeat_time)
        if key is None or rep is None:
            return
        idx = rep_index(src.esize, epr, key, rep, 1, int(src_rep_stride))
        lo, hi = span(idx)
    out_n = 2 if (cal_index and kind != "sum") else 1
    reads: tuple[tuple[Any, int, int], ...] = ((src, lo, hi),)
    if not core.access(V, reads, ((dst, 0, out_n),), name, cost_bytes=(hi - lo) * src.esize * 2):
        return
    vals = src.view()[lo:hi] if idx is None else src.view()[idx]
    if vals.size == 0:
        return
    d = dst.view()
    if kind == "sum":
        acc = np.float32 if src.npdt == np.float16 else src.npdt
        with np.errstate(all="ignore"):
            d[0] = vals.astype(acc).sum(dtype=acc).astype(d.dtype)
    else:
        i = int(np.argmax(vals) if kind == "max" else np.argmin(vals))
        d[0] = vals[i]
        if cal_index:
            _index_bits(dst, 1, int(idx[i]) if idx is not None else i)
    # the reductions synchronize V -> S internally, so a following get_value is safe
    core.join(S, core.snapshot(V, "a reduction's result read by the scalar unit"))


def reduce_max(dst: LocalTensor, src: LocalTensor, shared_tmp_buffer: LocalTensor, count: Any = None,
               mask: Any = None, repeat_time: Any = None, src_rep_stride: Any = 8, cal_index: Any = False) -> None:
    """dst[0] = max; with cal_index dst[1] holds the first index of the max as raw bits."""
    _reduce_all("reduce_max", dst, src, shared_tmp_buffer, count, mask, repeat_time, src_rep_stride, cal_index, "max")


def reduce_min(dst: LocalTensor, src: LocalTensor, shared_tmp_buffer: LocalTensor, count: Any = None,
               mask: Any = None, repeat_time: Any = None, src_rep_stride: Any = 8, cal_index: Any = False) -> None:
    """dst[0] = min; with cal_index dst[1] holds the first index of the min as raw bits."""
    _reduce_all("reduce_min", dst, src, shared_tmp_buffer, count, mask, repeat_time, src_rep_stride, cal_index, "min")


def reduce_sum(dst: LocalTensor, src: LocalTensor, shared_tmp_buffer: LocalTensor, count: Any = None,
               mask: Any = None, repeat_time: Any = None, src_rep_stride: Any = 8) -> None:
    """dst[0] = sum (float16 accumulates in float32 and rounds once)."""
    _reduce_all("reduce_sum", dst, src, shared_tmp_buffer, count, mask, repeat_time, src_rep_stride, False, "sum")


_ORDERS = {"ORDER_VALUE_INDEX": (0, 1, 2), "ORDER_INDEX_VALUE": (1, 0, 2), "ORDER_ONLY_VALUE": (0, None, 1),
           "ORDER_ONLY_INDEX": (None, 0, 1)}


def _whole(name: str, dst: LocalTensor, src: LocalTensor, mask: Any, repeat_time: Any, dst_rep_stride: Any,
           src_blk_stride: Any, src_rep_stride: Any, is_set_mask: Any, kind: str, order: Any = None) -> None:
    core = cur()
    epr = epr_of(src)
    key = mask_key(core, mask, epr, is_set_mask)
    rep = check_repeat(core, repeat_time)
    if key is None or rep is None:
        return
    idx = rep_index(src.esize, epr, key, rep, int(src_blk_stride), int(src_rep_stride)).reshape(rep, -1)
    if kind == "sum":
        vpos, ipos, width = 0, None, 1
    else:
        vpos, ipos, width = _ORDERS[enum_member_name(order if order is not None else 0, "ReduceOrder")]
    stride = int(dst_rep_stride) * width
    last = (rep - 1) * stride + width if rep else 0
    if not core.access(V, ((src, *span(idx.ravel())),), ((dst, 0, last),), name, cost_bytes=rep * 256):
        return
    if idx.size == 0:
        return
    vals = src.view()[idx]
    d = dst.view()
    rows = np.arange(rep) * stride
    with np.errstate(all="ignore"):
        if kind == "sum":
            acc = np.float32 if src.npdt == np.float16 else src.npdt
            d[rows] = vals.astype(acc).sum(axis=1).astype(d.dtype)
            return
        arg = np.argmax(vals, axis=1) if kind == "max" else np.argmin(vals, axis=1)
        best = vals[np.arange(rep), arg]
        active = np.asarray(rep_index(src.esize, epr, key, 1, 1, 8))
        if vpos is not None:
            d[rows + vpos] = best
        if ipos is not None:
            raw = d.view({2: np.uint16, 4: np.uint32}.get(dst.esize, np.uint32))
            raw[rows + ipos] = active[arg]
    # no join of S with V: like WholeReduceSum, CANN's WholeReduceMax/Min do not synchronize, so a scalar read of
    # their result needs the kernel's own V -> S flag (or auto_sync)


def whole_reduce_max(dst: LocalTensor, src: LocalTensor, mask: Any, repeat_time: Any, dst_rep_stride: Any,
                     src_blk_stride: Any, src_rep_stride: Any, order: Any = None, is_set_mask: Any = True) -> None:
    """Per repeat: max and its index in the repeat, laid out by `order`; dst_rep_stride counts results."""
    _whole("whole_reduce_max", dst, src, mask, repeat_time, dst_rep_stride, src_blk_stride, src_rep_stride,
           is_set_mask, "max", order)


def whole_reduce_min(dst: LocalTensor, src: LocalTensor, mask: Any, repeat_time: Any, dst_rep_stride: Any,
                     src_blk_stride: Any, src_rep_stride: Any, order: Any = None, is_set_mask: Any = True) -> None:
    """Per repeat: min and its index in the repeat, laid out by `order`."""
    _whole("whole_reduce_min", dst, src, mask, repeat_time, dst_rep_stride, src_blk_stride, src_rep_stride,
           is_set_mask, "min", order)


def whole_reduce_sum(dst: LocalTensor, src: LocalTensor, mask: Any, repeat_time: Any, dst_rep_stride: Any,
                     src_blk_stride: Any, src_rep_stride: Any, is_set_mask: Any = True) -> None:
    """Per repeat: the sum of its active elements at dst[r * dst_rep_stride]."""
    _whole("whole_reduce_sum", dst, src, mask, repeat_time, dst_rep_stride, src_blk_stride, src_rep_stride,
           is_set_mask, "sum")


def _block(name: str, dst: LocalTensor, src: LocalTensor, repeat: Any, mask: Any, dst_rep_stride: Any,
           src_blk_stride: Any, src_rep_stride: Any, kind: str, is_set_mask: Any = True) -> None:
    core = cur()
    epr = epr_of(src)
    epb = 32 // src.esize
    key = mask_key(core, mask, epr, is_set_mask)
    rep = check_repeat(core, repeat)
    if key is None or rep is None:
        return
    active = rep_index(src.esize, epr, key, 1, 1, 8)
    idx = rep_index(src.esize, epr, key, rep, int(src_blk_stride), int(src_rep_stride)).reshape(rep, -1)
    stride = int(dst_rep_stride) * 8
    last = (rep - 1) * stride + 8 if rep else 0
    if not core.access(V, ((src, *span(idx.ravel())),), ((dst, 0, last),), name, cost_bytes=rep * 256):
        return
    if idx.size == 0:
        return
    vals = src.view()[idx]
    d = dst.view()
    blocks = active // epb
    with np.errstate(all="ignore"):
        for b in range(8):
            sel = blocks == b
            if not sel.any():
                continue
            part = vals[:, sel]
            if kind == "sum":
                acc = np.float32 if src.npdt == np.float16 else src.npdt
                r = part.astype(acc).sum(axis=1)
            elif kind == "max":
                r = part.max(axis=1)
            else:
                r = part.min(axis=1)
            d[np.arange(rep) * stride + b] = r.astype(d.dtype)


def block_reduce_sum(dst: LocalTensor, src: LocalTensor, repeat: Any, mask: Any, dst_rep_stride: Any,
                     src_blk_stride: Any, src_rep_stride: Any) -> None:
    """Per repeat, each 32-byte block's sum: 8 results per repeat; dst_rep_stride counts 8-result groups."""
    _block("block_reduce_sum", dst, src, repeat, mask, dst_rep_stride, src_blk_stride, src_rep_stride, "sum")


def block_reduce_max(dst: LocalTensor, src: LocalTensor, repeat: Any, mask: Any, dst_rep_stride: Any,
                     src_blk_stride: Any, src_rep_stride: Any) -> None:
    """Per repeat, each 32-byte block's max."""
    _block("block_reduce_max", dst, src, repeat, mask, dst_rep_stride, src_blk_stride, src_rep_stride, "max")


def block_reduce_min(dst: LocalTensor, src: LocalTensor, repeat: Any, mask: Any, dst_rep_stride: Any,
                     src_blk_stride: Any, src_rep_stride: Any) -> None:
    """Per repeat, each 32-byte block's min."""
    _block("block_reduce_min", dst, src, repeat, mask, dst_rep_stride, src_blk_stride, src_rep_stride, "min")


def pair_reduce_sum(dst: LocalTensor, src: LocalTensor, repeat_time: Any, mask: Any, dst_rep_stride: Any,
                    src_blk_stride: Any, src_rep_stride: Any, is_set_mask: Any = True) -> None:
    """Per repeat, sums of adjacent element pairs: epr/2 results; dst_rep_stride counts result groups."""
    core = cur()
    epr = epr_of(src)
    key = mask_key(core, mask, epr, is_set_mask)
    rep = check_repeat(core, repeat_time)
    if key is None or rep is None:
        return
    full = rep_index(src.esize, epr, ("n", epr), rep, int(src_blk_stride), int(src_rep_stride)).reshape(rep, -1)
    active = _np.zeros(epr, dtype=bool)
    active[rep_index(src.esize, epr, key, 1, 1, 8)] = True
    half = epr // 2
    stride = int(dst_rep_stride) * half
    last = (rep - 1) * stride + half if rep else 0
    if not core.access(V, ((src, *span(full.ravel())),), ((dst, 0, last),), "pair_reduce_sum"):
        return
    vals = np.where(active[None, :], src.view()[full], 0).astype(src.npdt)
    pairs = (vals[:, 0::2] + vals[:, 1::2]).astype(dst.npdt)
    d = dst.view()
    for r in range(rep):
        d[r * stride:r * stride + half] = pairs[r]


def repeat_reduce_sum(dst: LocalTensor, src: LocalTensor, repeat_time: Any, mask: Any, dst_blk_stride: Any,
                      src_blk_stride: Any, dst_rep_stride: Any, src_rep_stride: Any, is_set_mask: Any = True) -> None:
    """Per repeat, the sum of the first `mask` elements at dst[r * dst_rep_stride]."""
    _whole("repeat_reduce_sum", dst, src, mask, repeat_time, dst_rep_stride, src_blk_stride, src_rep_stride,
           is_set_mask, "sum")


# ---------------------------------------------------------------------------------------------------------------------
# Data movement


def _direction(dst: Any, src: Any) -> int:
    if isinstance(src, GlobalTensor):
        return MTE2
    if isinstance(dst, GlobalTensor):
        return MTE3
    return V


def _copy_span(core: state.Core, name: str, dst: Any, src: Any, d_idx: np.ndarray | None, s_idx: np.ndarray | None,
               n: int) -> None:
    pipe = _direction(dst, src)
    if d_idx is None or s_idx is None:
        if not core.access(pipe, ((src, 0, n),), ((dst, 0, n),), name):
            return
        if n > 0:
            dv = dst.view() if isinstance(dst, LocalTensor) else dst.view(0, n)
            sv = src.view() if isinstance(src, LocalTensor) else src.view(0, n)
            _put(core, pipe, dv, slice(0, n), sv[:n])
        return
    if not core.access(pipe, ((src, *span(s_idx)),), ((dst, *span(d_idx)),), name):
        return
    if d_idx.size:
        dlo, dhi = span(d_idx)
        slo, shi = span(s_idx)
        dv = dst.view()[dlo:dhi] if isinstance(dst, LocalTensor) else dst.view(dlo, dhi)
        sv = src.view()[slo:shi] if isinstance(src, LocalTensor) else src.view(slo, shi)
        _put(core, pipe, dv, d_idx - dlo, sv[s_idx - slo])


_ATOMIC_OPS = {"add": np.add, "max": np.maximum, "min": np.minimum}


def _put(core: state.Core, pipe: int, dv: np.ndarray, where: Any, values: np.ndarray) -> None:
    """Store a copy's values; UB -> GM copies accumulate while set_atomic_add/max/min is in effect."""
    kind = core.scalar_state.get("atomic") if pipe == MTE3 else None
    if kind is None:
        dv[where] = values
    else:
        with np.errstate(all="ignore"):
            dv[where] = _ATOMIC_OPS[kind](dv[where], values).astype(dv.dtype)


def data_copy(dst: Any, src: Any, count: Any = None, repeat_params: Any = None, intri_params: Any = None,
              enhanced_params: Any = None, **_unused: Any) -> None:
    """DataCopy in 32-byte blocks: a count form (whole blocks only, as on hardware) or DataCopyParams
    (block_count bursts of block_len 32-byte blocks, with src_stride/dst_stride gaps in blocks)."""
    core = cur()
    params = repeat_params if repeat_params is not None else intri_params
    cube = CUBE_COPIES.get(type(params).__name__) if params is not None else None
    if cube is not None:
        cube(dst, src, params)
        return
    if count is not None:
        n = int(count)
        esize = dst.esize
        if (n * esize) % 32:
            # as PA604 says: the hardware moves whole blocks, so the elements of the partial last one stay as they were
            whole = n * esize // 32 * 32 // esize
            core.report("bad-argument",
                        f"data_copy count {n} of {dst.dtype.name} is {n * esize} bytes, not a whole number of "
                        f"32-byte blocks: the last {n - whole} are not copied; use a multiple of {32 // esize} "
                        "elements, or data_copy_pad for the tail", severity="warning")
            n = whole
        _copy_span(core, "data_copy", dst, src, None, None, n)
        return
    if params is None:
        core.report("bad-call", "data_copy needs a count or DataCopyParams")
        return
    bc = field(params, "block_count", "blockCount", default=1)
    bl = field(params, "block_len", "blockLen", default=0)
    ss = field(params, "src_stride", "srcStride", default=0)
    ds = field(params, "dst_stride", "dstStride", default=0)
    epb = 32 // dst.esize
    burst = np.arange(bl * epb, dtype=np.int64)
    s_idx = (np.arange(bc, dtype=np.int64)[:, None] * ((bl + ss) * epb) + burst[None, :]).ravel()
    d_idx = (np.arange(bc, dtype=np.int64)[:, None] * ((bl + ds) * epb) + burst[None, :]).ravel()
    _copy_span(core, "data_copy", dst, src, d_idx, s_idx, 0)


def data_copy_pad(dst: Any, src: Any, data_copy_params: Any = None, pad_params: Any = None,
                  nd2nz_params: Any = None) -> None:
    """DataCopyPad: bursts of block_len *bytes* (any length); UB side rows are padded to 32 bytes."""
    core = cur()
    p = data_copy_params
    bc = field(p, "block_count", "blockCount", default=1)
    bl = field(p, "block_len", "blockLen", default=0)
    ss = field(p, "src_stride", "srcStride", default=0)
    ds = field(p, "dst_stride", "dstStride", default=0)
    esize = dst.esize
    n = bl // esize
    row_ub = -(-bl // 32) * 32 // esize
    burst = np.arange(n, dtype=np.int64)
    if isinstance(src, GlobalTensor):  # GM rows bl bytes + ss bytes gap; UB rows padded, + ds blocks gap
        s_idx = (np.arange(bc)[:, None] * (n + ss // esize) + burst[None, :]).ravel()
        d_idx = (np.arange(bc)[:, None] * (row_ub + ds * 32 // esize) + burst[None, :]).ravel()
    else:
        s_idx = (np.arange(bc)[:, None] * (row_ub + ss * 32 // esize) + burst[None, :]).ravel()
        d_idx = (np.arange(bc)[:, None] * (n + ds // esize) + burst[None, :]).ravel()
    _copy_span(core, "data_copy_pad", dst, src, d_idx.astype(np.int64), s_idx.astype(np.int64), 0)
    if isinstance(src, GlobalTensor) and pad_params is not None and row_ub > n:
        is_pad = bool(getattr(pad_params, "is_pad", False))
        value = getattr(pad_params, "padding_value", 0) or 0
        if is_pad:
            pad_idx = (np.arange(bc)[:, None] * (row_ub + ds * 32 // esize) + np.arange(n, row_ub)[None, :]).ravel()
            dst.view()[pad_idx] = as_dtype(value, dst)


def copy(dst: LocalTensor, src: LocalTensor, mask: Any, repeat_time: Any, repeat_params: Any,
         is_set_mask: Any = True) -> None:
    """UB -> UB vector copy with mask/repeat; CopyRepeatParams gives block strides (dst_stride, src_stride) and
    repeat strides (dst_repeat_size, src_repeat_size) in 32-byte blocks."""
    p = repeat_params
    ds = (field(p, "dst_stride", default=1), field(p, "dst_repeat_size", default=8))
    ss = ((field(p, "src_stride", default=1), field(p, "src_repeat_size", default=8)),)
    _elementwise("copy", dst, (src,), lambda a: a, None, mask, repeat_time, ds, ss, is_set_mask)


# ---------------------------------------------------------------------------------------------------------------------
# Synchronization


def _event(event: Any) -> tuple[str, int, int]:
    name = enum_member_name(event, "HardEvent")
    src, _, dst = name.partition("_")
    return name, state.PIPE.get(src, S), state.PIPE.get(dst, S)


def set_flag(event: Any, event_id: Any = 0) -> None:
    """Signal from the source pipe after everything it has been issued so far."""
    core = cur()
    name, src, _ = _event(event)
    core.scalar_tick()
    core.flags.setdefault((name, int(event_id)), []).append(core.snapshot(src, f"set_flag({name}, {event_id})"))


def wait_flag(event: Any, event_id: Any = 0) -> None:
    """The destination pipe waits for the oldest matching set_flag; none pending is a deadlock."""
    core = cur()
    name, _, dst = _event(event)
    core.scalar_tick()
    pending = core.flags.get((name, int(event_id)))
    if not pending:
        core.report("deadlock", f"wait_flag({name}, {event_id}) waits for a set_flag({name}, {event_id}) that was "
                                "never issued: the pipe would hang; call asc.set_flag with the same event and id "
                                "after the producing instruction")
        return
    core.join(dst, pending.pop(0))


def pipe_barrier(pipe: Any) -> None:
    """PIPE_ALL waits for every pipe; a single-pipe barrier orders that pipe (already in order here)."""
    core = cur()
    core.scalar_tick()
    name = enum_member_name(pipe, "PipeID")
    if name == "PIPE_ALL":
        core.barrier_all("pipe_barrier(PIPE_ALL)")


def data_sync_barrier(arg0: Any = None) -> None:
    """Data synchronization barrier: completes outstanding memory accesses of every pipe."""
    cur().barrier_all("data_sync_barrier")


def sync_all(gm_workspace: Any = None, ub_workspace: Any = None, used_cores: Any = 0, is_aiv_only: Any = True) -> None:
    """Cross-core barrier: cores run one after another here, so only the local pipes are joined."""
    cur().barrier_all("sync_all")


# ---------------------------------------------------------------------------------------------------------------------
# System variables, masks, scalar helpers, debugging


def get_block_idx() -> int:
    """Index of this core: [0, block_num) on a cube core or a one-type launch, [0, ratio * block_num) on a mixed
    launch's vector cores."""
    core = cur()
    core.scalar_tick()
    return DeviceInt(core.idx)


def get_block_num() -> int:
    core = cur()
    core.scalar_tick()
    return DeviceInt(core.launch.block_num)


def get_sub_block_idx() -> int:
    """Which vector core of its block (0 or 1 in a 1:2 mixed launch); 0 on a cube core."""
    return DeviceInt(cur().sub)


def get_sub_block_num() -> int:
    """Vector cores per block on a mixed launch's vector core; 1 otherwise."""
    core = cur()
    return DeviceInt(core.options.mix if core.options.mix and not core.aic else 1)


def get_data_block_size_in_bytes() -> int:
    return 32


def get_system_cycle() -> int:
    core = cur()
    return int(builtins.max(core.times))


def get_task_ratio() -> int:
    """Cores of this type per block: the vector cores of a mixed launch on a vector core, else 1."""
    return get_sub_block_num()


def get_program_counter() -> int:
    return cur().site


def trap() -> None:
    """A kernel trap: reported as an error at the call."""
    cur().report("bad-call", "asc.trap() executed")


def set_vector_mask(*args: Any, dtype: Any = None, mode: Any = None, length: Any = None, mask_high: Any = None,
                    mask_low: Any = None) -> None:
    """Set the mask used by calls with is_set_mask=False: a length (counter mode) or (mask_high, mask_low) bits."""
    core = cur()
    core.scalar_tick()
    vals = list(args) if args else [v for v in (length, mask_high, mask_low) if v is not None]
    if len(vals) == 1:
        core.mask = int(vals[0])
    elif len(vals) >= 2:
        core.mask = (int(vals[1]), int(vals[0]))


def reset_mask() -> None:
    cur().mask = None


def set_mask_count() -> None:
    cur().mask_counter = True


def set_mask_norm() -> None:
    cur().mask_counter = False


def scalar_cast(value_in: Any, dtype: Any, round_mode: Any) -> Any:
    """Convert one scalar with a RoundMode."""
    mode = enum_member_name(round_mode, "RoundMode")
    out = convert(np.asarray([value_in], dtype=np.float32), dtype.name, mode, "float32")
    return out[0].item()


def scalar_count_leading_zero(value_in: Any) -> int:
    v = int(value_in) & 0xFFFFFFFFFFFFFFFF
    return 64 - v.bit_length()


def scalar_get_count_of_value(value_in: Any, count_value: Any) -> int:
    v = int(value_in) & 0xFFFFFFFFFFFFFFFF
    ones = bin(v).count("1")
    return ones if int(count_value) else 64 - ones


def scalar_get_sff_value(value_in: Any, count_value: Any) -> int:
    v = int(value_in) & 0xFFFFFFFFFFFFFFFF
    target = 1 if int(count_value) else 0
    for i in range(64):
        if ((v >> i) & 1) == target:
            return i
    return -1


def count_bits_cnt_same_as_sign_bit(value_in: Any) -> int:
    v = int(value_in) & 0xFFFFFFFFFFFFFFFF
    sign = v >> 63
    n = 0
    for i in range(62, -1, -1):
        if ((v >> i) & 1) != sign:
            break
        n += 1
    return n


def printf(desc: str, params: tuple[Any, ...] = ()) -> None:
    """AscendC::printf: C-style format on the host's stdout, prefixed with the core."""
    core = cur()
    text = desc.replace("%d", "%s").replace("%f", "%s").replace("%u", "%s").replace("%x", "%s")
    try:
        out = text % tuple(params)
    except (TypeError, ValueError):
        out = desc + " " + " ".join(str(p) for p in params)
    print(f"[core {core.idx}] {out}", end="" if out.endswith("\n") else "\n")


def dump_tensor(tensor: Any, desc: Any, dump_size: Any, shape_info: Any = None) -> None:
    """Print the first dump_size elements of a tensor."""
    core = cur()
    n = int(dump_size)
    vals = tensor.view()[:n] if isinstance(tensor, LocalTensor) else tensor.view(0, n)
    print(f"[core {core.idx}] DumpTensor: desc={desc}, data_type={tensor.dtype.name}, dump_size={n}\n{vals}")


from .aipp import load_image_to_local, set_aipp_functions  # noqa: E402, F401 - basic:<name>
from .basic_more import (  # noqa: E402,F401 - re-exported: the spec's sim_ref names pyasc.sim.api.basic
    ascend_is_aic,
    ascend_is_aiv,
    brcb,
    check_local_memory_ia,
    cross_core_set_flag,
    cross_core_wait_flag,
    data_cache_clean_and_invalid,
    data_cache_preload,
    dump_acc_chk_point,
    gather,
    gatherb,
    get_cmp_mask,
    get_gather_mask_remain_count,
    get_hccl_context,
    get_icache_preload_status,
    get_mrg_sort_result,
    get_store_atomic_config,
    get_sys_workspace,
    ib_set,
    ib_wait,
    icache_preload,
    init_const_value,
    init_soc_state,
    load_data_with_transpose,
    metrics_prof_start,
    metrics_prof_stop,
    mrg_sort,
    mrg_sort4,
    notify_next_block,
    print_time_stamp,
    proposal_concat,
    proposal_extract,
    rp_sort16,
    scatter,
    set_atomic_add,
    set_atomic_max,
    set_atomic_min,
    set_atomic_none,
    set_atomic_type,
    set_cmp_mask,
    set_fix_pipe_pre_quant_flag,
    set_hccl_context,
    set_hf32_mode,
    set_hf32_trans_mode,
    set_load_data_boundary,
    set_load_data_padding_value,
    set_load_data_repeat,
    set_mm_layout_transform,
    set_store_atomic_config,
    set_sys_workspace,
    sort,
    sort32,
    transpose,
    wait_pre_block,
)
from .basic_rest import (  # noqa: E402,F401 - re-exported: the spec's sim_ref names pyasc.sim.api.basic
    get_arch_version,
    get_sort_len,
    get_sort_offset,
    set_pad_value,
)
from .cube import fixpipe, load_data, mmad  # noqa: E402, F401 - the spec's pointers name pyasc.sim.api.basic
from .gathermask import gather_mask  # noqa: E402, F401 - the spec's pointer is basic:gather_mask
from .interp import bilinear_interpolation  # noqa: E402, F401 - the spec's pointer is basic:bilinear_interpolation
from .sparse import load_data_with_sparse, mmad_with_sparse  # noqa: E402, F401 - basic:<name>
from .trans5hd import trans_data_to_5hd  # noqa: E402, F401 - the spec's pointer is basic:trans_data_to_5hd
