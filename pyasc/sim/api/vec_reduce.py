"""Reductions: whole-tensor, per repeat (WholeReduce), per block, pairwise and repeated sums."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import pipes
from ..objects import LocalTensor, enum_member_name
from ._vec import check_repeat, cur, epr_of, mask_key, rep_index, span

V, S, MTE2, MTE3 = pipes.V, pipes.S, pipes.MTE2, pipes.MTE3


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
    active = np.zeros(epr, dtype=bool)
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
