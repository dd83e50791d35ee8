"""GatherMask: keep the src0 elements whose pattern bit is 1, packed from dst[0]; returns how many were kept.

Repeat r covers 256 bytes of src0 (Normal mode, reduce_mode False) or `mask` elements (Counter mode, where the
Ascend910B family repeats repeat_times times), its 32-byte blocks src0_block_stride blocks apart and the repeats
src0_repeat_stride blocks apart.  A built-in pattern (1..7) selects the same elements in every repeat: the even
ones, the odd ones, one of every four (the first, second, third or fourth), or all.  A pattern tensor gives one bit
per element (bit j of the bit string for element j of the repeat), each repeat starting src1_repeat_stride blocks
after the previous one's.  The kept elements of all repeats are packed one after another.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...language.dtypes import lookup
from .. import pipes
from ..objects import LocalTensor
from ..scalars import of
from ._vec import cur

_BUILT_IN = {1: (2, 0), 2: (2, 1), 3: (4, 0), 4: (4, 1), 5: (4, 2), 6: (4, 3)}
"""pattern number -> (period, kept index in each period); 7 keeps every element."""


def _elements(per: int, rep: int, epb: int, blk: int, rstride: int) -> np.ndarray:
    """src0 element indexes of each repeat: [rep, per]."""
    j = np.arange(per)
    within = (j // epb) * blk * epb + j % epb
    return np.arange(rep)[:, None] * rstride * epb + within[None, :]


def gather_mask(dst: LocalTensor, src0: LocalTensor, src1_pattern: Any, reduce_mode: Any, mask: Any, params: Any,
                gather_mask_mode: Any = None) -> int:
    core = cur()
    kept_type = of(lookup("uint64"))
    epb = 32 // src0.esize
    rep = int(params.repeat_times or 0)
    per = int(mask) if bool(reduce_mode) else 256 // src0.esize
    if per <= 0 or rep <= 0:
        return kept_type(0)
    idx = _elements(per, rep, epb, int(params.src0_block_stride or 0), int(params.src0_repeat_stride or 0))
    reads: tuple[tuple[Any, int, int], ...] = ((src0, int(idx.min()), int(idx.max()) + 1),)
    if isinstance(src1_pattern, LocalTensor):
        bits_per_rep = -(-per // 8)
        step = int(params.src1_repeat_stride or 0) * 32
        hi_byte = (rep - 1) * step + bits_per_rep
        reads += ((src1_pattern, 0, -(-hi_byte // src1_pattern.esize)),)
        raw = src1_pattern.view().view(np.uint8)
        if raw.size < hi_byte:
            core.report("ub-out-of-bounds", f"gather_mask's pattern needs {hi_byte} bytes, its tensor holds "
                                            f"{raw.size}")
            return kept_type(0)
        keep = np.stack([np.unpackbits(raw[r * step:r * step + bits_per_rep], bitorder="little")[:per]
                         for r in range(rep)]).astype(bool)
    else:
        number = int(src1_pattern)
        if number not in range(1, 8):
            core.report("bad-argument", f"gather_mask's built-in pattern is 1 to 7, not {number}")
            return kept_type(0)
        j = np.arange(per)
        period, which = _BUILT_IN.get(number, (1, 0))
        keep = np.broadcast_to(j % period == which, (rep, per))
    picked = idx[keep]
    n = int(picked.size)
    if not core.access(pipes.V, reads, ((dst, 0, n),), "gather_mask"):
        return kept_type(0)
    dst.view()[:n] = src0.view()[picked]
    core.scalar_state["gather_mask_count"] = n  # what get_gather_mask_remain_count reads
    return kept_type(n)
