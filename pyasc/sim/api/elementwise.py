"""The framework of the elementwise vector instructions: a count form, or a mask/repeat form with its strides, run
after the sanitizer's checks; shared by the arithmetic, comparison and copy families."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .. import pipes
from ..objects import LocalTensor
from ._vec import check_repeat, cur, epr_of, field, mask_key, rep_index, span, store

V = pipes.V


def elementwise(name: str, dst: LocalTensor, srcs: tuple[LocalTensor, ...], compute: Callable[..., np.ndarray],
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


BIN_DEFAULT = ((1, 8), ((1, 8), (1, 8)))
UN_DEFAULT = ((1, 8), ((1, 8),))


def bin_strides(p: Any) -> tuple[tuple[int, int], tuple[tuple[int, int], ...]]:
    if p is None:
        return BIN_DEFAULT
    return ((field(p, "dst_blk_stride", "dst_block_stride", default=1), field(p, "dst_rep_stride",
                                                                                "dst_repeat_stride", default=8)),
            ((field(p, "src0_blk_stride", "src0_block_stride", default=1),
              field(p, "src0_rep_stride", "src0_repeat_stride", default=8)),
             (field(p, "src1_blk_stride", "src1_block_stride", default=1),
              field(p, "src1_rep_stride", "src1_repeat_stride", default=8))))


def un_strides(p: Any) -> tuple[tuple[int, int], tuple[tuple[int, int], ...]]:
    if p is None:
        return UN_DEFAULT
    return ((field(p, "dst_blk_stride", "dst_block_stride", default=1),
             field(p, "dst_rep_stride", "dst_repeat_stride", default=8)),
            ((field(p, "src_blk_stride", "src_block_stride", default=1),
              field(p, "src_rep_stride", "src_repeat_stride", default=8)),))
