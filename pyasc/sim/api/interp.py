"""BilinearInterpolation: gather 32-byte blocks of src0 at the byte offsets in src0_offset, weight them by src1
and sum each vertical repeat's h_repeat horizontal repeats into dst.

Repeat r (r = v * h_repeat + h) covers gathered blocks 8r .. 8r+7 (128 float16 elements); its weight is src1[r]
(repeat_mode False) or src1[8r + block] per block (repeat_mode True).  The products are rounded to float16 and
summed in order of h (each partial sum rounded to float16) into dst's repeat v, which starts at element
v * v_r_offset with dst_blk_stride blocks between its blocks; elements outside the mask are left as they are.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import pipes
from ..objects import LocalTensor
from ._vec import _active, cur, mask_key


def bilinear_interpolation(dst: LocalTensor, src0: LocalTensor, src0_offset: LocalTensor, src1: LocalTensor,
                           mask: Any, h_repeat: Any, repeat_mode: Any, dst_blk_stride: Any, v_r_offset: Any,
                           v_repeat: Any, shared_tmp_buffer: LocalTensor) -> None:
    core = cur()
    h, v = int(h_repeat), int(v_repeat)
    if not (0 < h <= 255 and 0 < v <= 255):
        core.report("bad-argument", f"h_repeat {h} and v_repeat {v} must be in [1, 255]")
        return
    epr, epb = 128, 16
    key = mask_key(core, mask, epr)
    if key is None:
        return
    blocks = h * v * 8
    offsets = src0_offset.view()[:blocks].astype(np.int64)
    if offsets.size < blocks:
        core.report("ub-out-of-bounds", f"bilinear_interpolation needs {blocks} offsets in src0_offset, which holds "
                                        f"{src0_offset.length}")
        return
    starts = offsets // 2  # byte offsets of float16 blocks
    hi_src = int(starts.max()) + epb
    stride = int(dst_blk_stride) * epb
    active = _active(key, epr)
    per = (active // epb) * stride + active % epb
    dst_hi = (v - 1) * int(v_r_offset) + int(per.max()) + 1 if active.size else 0
    weights = blocks if repeat_mode else h * v
    reads = ((src0, int(starts.min()), hi_src), (src0_offset, 0, blocks), (src1, 0, weights))
    if not core.access(pipes.V, reads, ((dst, 0, dst_hi),), "bilinear_interpolation"):
        return
    src = src0.view()
    gathered = np.concatenate([src[s:s + epb] for s in starts]).reshape(h * v, epr)
    w = src1.view()[:weights].astype(np.float16)
    w = np.repeat(w.reshape(h * v, 8), epb, axis=1) if repeat_mode else w.reshape(h * v, 1)
    products = (gathered.astype(np.float16) * w).astype(np.float16).reshape(v, h, epr)
    out = dst.view()
    for vi in range(v):
        idx = vi * int(v_r_offset) + per
        acc = products[vi, 0, active]
        for hi in range(1, h):
            acc = (acc + products[vi, hi, active]).astype(np.float16)
        out[idx] = acc
