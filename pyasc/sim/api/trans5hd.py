"""TransDataTo5HD: per repeat, 16 source 32-byte blocks are read column by column into 16 destination blocks.

The 16 blocks on each side are given as LocalTensors, as UB addresses (`get_phy_addr()` values) or as a uint64
tensor holding the addresses; the address forms move half (CANN's tracer writes them as `TransDataTo5HD<half>`).
Repeat r moves every source block by r * src_rep_stride blocks and every destination block by r * dst_rep_stride.

- 16-bit: dst block i, element j = src block j, element i (a 16 x 16 transpose).
- 32-bit: the 8 columns of the 16 x 8 source give 8 rows of 16: row i fills dst blocks 2i and 2i + 1.
- 8-bit: dst block i's low or high 16 bytes (dst_high_half) take element i of the low or high half (src_high_half)
  of the 16 source blocks.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...language.dtypes import DType, lookup
from .. import pipes
from ..objects import ENUM_CLASSES, LocalTensor
from ._vec import cur

_BLOCKS = 16


def _blocks(core: Any, side: Any, what: str) -> list[tuple[int, DType]] | None:
    """(UB byte address, element type) of the 16 blocks of one side."""
    half = lookup("float16")
    if isinstance(side, LocalTensor):  # a uint64 tensor of addresses
        addrs = [int(a) for a in np.asarray(side.view()[:_BLOCKS]).reshape(-1)]
        items: list[tuple[int, DType]] = [(a, half) for a in addrs]
    else:
        items = [(t.addr, t.dtype) if isinstance(t, LocalTensor) else (int(t), half) for t in side]
    if len(items) != _BLOCKS:
        core.report("bad-argument", f"trans_data_to_5hd takes {_BLOCKS} {what} blocks, got {len(items)}")
        return None
    return items


def trans_data_to_5hd(params: Any, dst: Any = None, src: Any = None, dst_list: Any = None, src_list: Any = None,
                      **_unused: Any) -> None:
    core = cur()
    dsts = _blocks(core, dst_list if dst_list is not None else dst, "destination")
    srcs = _blocks(core, src_list if src_list is not None else src, "source")
    if dsts is None or srcs is None:
        return
    dtype = srcs[0][1]
    bits = dtype.bits
    if bits not in (8, 16, 32):
        core.report("bad-argument", f"trans_data_to_5hd moves 8-, 16- or 32-bit elements, not {dtype.name}")
        return
    npdt = np.dtype(dtype.numpy)
    epb = 32 // npdt.itemsize
    repeat = int(params.repeat_times or 0)
    d_stride, s_stride = int(params.dst_rep_stride or 0) * 32, int(params.src_rep_stride or 0) * 32
    sh, dh = bool(params.src_high_half), bool(params.dst_high_half)
    pos = ENUM_CLASSES["TPosition"]["VECCALC"]
    for r in range(repeat):
        s_tensors = [LocalTensor.make(core, a + r * s_stride, dtype, epb, pos, None) for a, _ in srcs]
        d_tensors = [LocalTensor.make(core, a + r * d_stride, dtype, epb, pos, None) for a, _ in dsts]
        if not core.access(pipes.V, tuple((t, 0, epb) for t in s_tensors), tuple((t, 0, epb) for t in d_tensors),
                           "trans_data_to_5hd"):
            return
        if any(t.view().size < epb for t in s_tensors + d_tensors):
            core.report("ub-out-of-bounds", "trans_data_to_5hd reads or writes a block past the Unified Buffer")
            return
        grid = np.stack([t.view()[:epb] for t in s_tensors])  # [16 source blocks, epb]
        if bits == 16:
            rows = [grid[:, i] for i in range(_BLOCKS)]
        elif bits == 32:
            cols = [grid[:, i] for i in range(epb)]  # 8 columns of 16
            rows = [c[h * 8:(h + 1) * 8] for c in cols for h in (0, 1)]
        else:
            rows = []
            for i, t in enumerate(d_tensors):
                block = t.view()[:epb].copy()
                block[16 * dh:16 * dh + 16] = grid[:, 16 * sh + i]
                rows.append(block)
        for t, row in zip(d_tensors, rows, strict=True):
            t.view()[:epb] = row.astype(npdt)
