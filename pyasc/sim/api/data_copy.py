"""Data movement: DataCopy between Global Memory and the Unified Buffer (its cube forms included), DataCopyPad,
Copy, and the padding value the padded copies use."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import pipes, state
from ..objects import GlobalTensor, LocalTensor, enum_member_name
from ._vec import as_dtype, burst_indexes, cur, field, span
from .elementwise import elementwise
from .fractal import CUBE_COPIES

V, S, MTE2, MTE3 = pipes.V, pipes.S, pipes.MTE2, pipes.MTE3


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
    s_idx, d_idx = burst_indexes(params, dst.esize)
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
    elementwise("copy", dst, (src,), lambda a: a, None, mask, repeat_time, ds, ss, is_set_mask)


def set_pad_value(padding_value: Any, pos: Any = None) -> None:
    """SetPadValue: remembered per position (TPosition.MAX: every position) for the copies that pad."""
    where = enum_member_name(pos, "TPosition") if pos is not None else "MAX"
    cur().scalar_state.setdefault("pad_value", {})[where] = padding_value
