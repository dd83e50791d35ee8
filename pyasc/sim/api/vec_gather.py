"""Gather, scatter, broadcast (Brcb), transpose and the CMPMASK register."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import pipes, state
from ..objects import LocalTensor, enum_member_name
from ._vec import check_repeat, cur, epr_of, field, mask_key, rep_index, span, store

V, S, MTE2, MTE3 = pipes.V, pipes.S, pipes.MTE2, pipes.MTE3


# ---------------------------------------------------------------------------------------------------------------------
# Gather, scatter, broadcast, transpose


def _offsets(core: state.Core, off: LocalTensor, n: int, what: str) -> np.ndarray | None:
    if not core.access(V, ((off, 0, n),), (), what):
        return None
    return off.view()[:n].astype(np.int64)


def gather(dst: LocalTensor, src: LocalTensor, src_offset: LocalTensor, src_base: Any, count: Any = None,
           mask: Any = None, repeat_times: Any = None, dst_rep_stride: Any = 8) -> None:
    """dst[i] = the src element at byte offset src_base + src_offset[i] from src's start."""
    core = cur()
    if count is not None:
        n = int(count)
        didx = np.arange(n)
    else:
        epr = epr_of(dst)
        key = mask_key(core, mask, epr)
        rep = check_repeat(core, repeat_times)
        if key is None or rep is None:
            return
        didx = rep_index(dst.esize, epr, key, rep, 1, int(dst_rep_stride))
        n = int(didx.max()) + 1 if didx.size else 0
    offs = _offsets(core, src_offset, n, "gather")
    if offs is None:
        return
    sel = offs[didx] if count is None else offs
    sidx = (int(src_base) + sel) // src.esize
    if not core.access(V, ((src, *span(sidx)),), ((dst, *span(didx)),), "gather"):
        return
    dst.view()[didx] = src.view()[sidx]


def scatter(dst: LocalTensor, src: LocalTensor, dst_offset: LocalTensor, dst_base: Any, count: Any = None,
            mask: Any = None, repeat_times: Any = None, src_rep_stride: Any = 8) -> None:
    """The element src[i] goes to byte offset dst_base + dst_offset[i] from dst's start."""
    core = cur()
    if count is not None:
        n = int(count)
        sidx = np.arange(n)
    else:
        epr = epr_of(src)
        key = mask_key(core, mask, epr)
        rep = check_repeat(core, repeat_times)
        if key is None or rep is None:
            return
        sidx = rep_index(src.esize, epr, key, rep, 1, int(src_rep_stride))
        n = int(sidx.max()) + 1 if sidx.size else 0
    offs = _offsets(core, dst_offset, n, "scatter")
    if offs is None:
        return
    didx = (int(dst_base) + offs[sidx]) // dst.esize
    if not core.access(V, ((src, *span(sidx)),), ((dst, *span(didx)),), "scatter"):
        return
    dst.view()[didx] = src.view()[sidx]


def gatherb(dst: LocalTensor, src0: LocalTensor, offset: LocalTensor, repeat_times: Any, repeat_params: Any) -> None:
    """Per repeat, 8 destination blocks each copied from the 32-byte src0 block at byte offset offset[r * 8 + j]."""
    core = cur()
    rep = check_repeat(core, repeat_times)
    if rep is None:
        return
    epb = 32 // dst.esize
    offs = _offsets(core, offset, rep * 8, "gatherb")
    if offs is None:
        return
    blk = field(repeat_params, "dst_blk_stride", default=1)
    rst = field(repeat_params, "dst_rep_stride", default=8)
    lane = np.arange(epb)
    sidx = (offs[:, None] // src0.esize + lane[None, :]).ravel()
    r = np.repeat(np.arange(rep), 8)
    j = np.tile(np.arange(8), rep)
    didx = ((r * rst + j * blk) * epb)[:, None] + lane[None, :]
    didx = didx.ravel()
    if not core.access(V, ((src0, *span(sidx)),), ((dst, *span(didx)),), "gatherb"):
        return
    dst.view()[didx] = src0.view()[sidx]


def brcb(dst: LocalTensor, src0: LocalTensor, repeat_times: Any, repeat_params: Any) -> None:
    """Per repeat, 8 src0 elements each broadcast to one 32-byte dst block."""
    core = cur()
    rep = check_repeat(core, repeat_times)
    if rep is None:
        return
    epb = 32 // dst.esize
    blk = field(repeat_params, "dst_blk_stride", default=1)
    rst = field(repeat_params, "dst_rep_stride", default=8)
    r = np.repeat(np.arange(rep), 8)
    j = np.tile(np.arange(8), rep)
    base = (r * rst + j * blk) * epb
    didx = (base[:, None] + np.arange(epb)[None, :]).ravel()
    sidx = np.repeat(np.arange(rep * 8), epb)
    if not core.access(V, ((src0, 0, rep * 8),), ((dst, *span(didx)),), "brcb"):
        return
    dst.view()[didx] = src0.view()[sidx]


def transpose(dst: LocalTensor, src: LocalTensor, shared_tmp_buffer: Any = None, params: Any = None) -> None:
    """The 16x16 form: dst = src^T for a 16x16 matrix of 2-byte elements; with TransposeParamsExt, an
    [N, C, H, W] <-> [N, H, W, C] layout change."""
    core = cur()
    if params is None:
        if not core.access(V, ((src, 0, 256),), ((dst, 0, 256),), "transpose"):
            return
        store(dst.view()[:256], src.view()[:256].reshape(16, 16).T.reshape(-1).copy())
        return
    n, c, h, w = (int(getattr(params, k)) for k in ("n_size", "c_size", "h_size", "w_size"))
    kind = enum_member_name(params.transpose_type, "TransposeType")
    total = n * c * h * w
    if not core.access(V, ((src, 0, total),), ((dst, 0, total),), "transpose"):
        return
    x = src.view()[:total]
    if kind == "TRANSPOSE_NCHW2NHWC":
        y = x.reshape(n, c, h * w).transpose(0, 2, 1)
    elif kind == "TRANSPOSE_NHWC2NCHW":
        y = x.reshape(n, h * w, c).transpose(0, 2, 1)
    else:  # TRANSPOSE_ND2ND_B16 and the other 2D forms: [h, w] -> [w, h] per batch
        y = x.reshape(n * c, h, w).transpose(0, 2, 1)
    store(dst.view()[:total], y.reshape(-1).copy())


def set_cmp_mask(src: LocalTensor) -> None:
    """Load 16 bytes into the CMPMASK register (select with VSEL_CMPMASK_SPR reads it)."""
    core = cur()
    n = -(-16 // src.esize)
    if core.access(V, ((src, 0, n),), (), "set_cmp_mask"):
        core.scalar_state["cmpmask"] = src.view()[:n].view(np.uint8)[:16].copy()


def get_cmp_mask(dst: LocalTensor) -> None:
    """Store the CMPMASK register's 16 bytes into dst."""
    core = cur()
    n = -(-16 // dst.esize)
    if core.access(V, (), ((dst, 0, n),), "get_cmp_mask"):
        reg = core.scalar_state.get("cmpmask", np.zeros(16, np.uint8))
        dst.view()[:n].view(np.uint8)[:16] = reg


def get_gather_mask_remain_count() -> int:
    return int(cur().scalar_state.get("gather_mask_count", 0))
