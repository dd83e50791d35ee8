"""Compare and Select: comparison into bit masks, selection by them."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import pipes, state
from ..objects import LocalTensor, enum_member_name
from ._vec import as_dtype, check_repeat, cur, epr_of, mask_key, rep_index, span
from .elementwise import bin_strides

V, S, MTE2, MTE3 = pipes.V, pipes.S, pipes.MTE2, pipes.MTE3


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
    _, ss = bin_strides(repeat_params)
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
        ds, ss = bin_strides(repeat_params)
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
