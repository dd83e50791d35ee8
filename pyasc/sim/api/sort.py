"""Sorting and region proposals: Sort32, MrgSort, Sort, the proposal layouts, and the sizes of sorted structures."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import pipes
from ..objects import LocalTensor
from ._vec import check_repeat, cur, read_pairs, write_pairs

V, S, MTE2, MTE3 = pipes.V, pipes.S, pipes.MTE2, pipes.MTE3


# ---------------------------------------------------------------------------------------------------------------------
# Sorting and region proposals


def _sort_layout(dt: LocalTensor) -> tuple[np.dtype, int]:
    """(value dtype, element stride in values) of the 8-byte (value, index) pairs Sort32/MrgSort use."""
    return dt.npdt, 8 // dt.esize


def sort32(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, repeat_time: Any) -> None:
    """Per repeat, 32 values sorted descending with their uint32 indexes from src1, as 8-byte (value, index)
    pairs (a half value is followed by 2 reserved bytes)."""
    core = cur()
    rep = check_repeat(core, repeat_time)
    if rep is None:
        return
    n = rep * 32
    per = 8 // dst.esize
    if not core.access(V, ((src0, 0, n), (src1, 0, n)), ((dst, 0, n * per),), "sort32"):
        return
    vals = src0.view()[:n].reshape(rep, 32)
    idx = src1.view()[:n].view(np.uint32).reshape(rep, 32) if src1.esize == 4 else \
        src1.view()[:n].astype(np.uint32).reshape(rep, 32)
    order = np.argsort(-vals.astype(np.float64), axis=1, kind="stable")
    write_pairs(dst, np.take_along_axis(vals, order, 1).ravel(), np.take_along_axis(idx, order, 1).ravel())


def mrg_sort(dst: LocalTensor, sort_list: Any, element_count_list: Any = None, sorted_num: Any = None,
             valid_bit: Any = 15, repeat_time: Any = 1, is_exhausted_suspension: Any = False,
             params: Any = None) -> None:
    """Merge up to 4 descending (value, index) lists (valid_bit selects them) into one descending list."""
    core = cur()
    if params is not None:
        element_count_list = params.element_lengths
        valid_bit = params.valid_bit
    counts = [int(c) for c in (element_count_list or [])]
    srcs = [getattr(sort_list, f"src{i}", None) for i in range(1, 5)]
    vals: list[np.ndarray] = []
    idxs: list[np.ndarray] = []
    for i, (t, c) in enumerate(zip(srcs, counts, strict=False)):
        if t is None or not (int(valid_bit) >> i) & 1:
            continue
        per = 8 // t.esize
        if not core.access(V, ((t, 0, c * per),), (), "mrg_sort"):
            return
        v, ix = read_pairs(t, c)
        vals.append(v)
        idxs.append(ix)
    if not vals:
        return
    v = np.concatenate(vals)
    ix = np.concatenate(idxs)
    order = np.argsort(-v.astype(np.float64), kind="stable")
    total = v.size
    if not core.access(V, (), ((dst, 0, total * (8 // dst.esize)),), "mrg_sort"):
        return
    write_pairs(dst, v[order], ix[order])
    core.scalar_state["mrg_sort_result"] = tuple(counts + [0] * (4 - len(counts)))[:4]


def mrg_sort4(dst: LocalTensor, src: Any, params: Any) -> None:
    """MrgSort4: merge with MrgSort4Info."""
    mrg_sort(dst, src, params=params)


def get_mrg_sort_result() -> tuple[int, int, int, int]:
    return cur().scalar_state.get("mrg_sort_result", (0, 0, 0, 0))


def sort(dst: LocalTensor, concat: LocalTensor, index: LocalTensor, tmp: LocalTensor, repeat_time: Any,
         is_full_sort: Any = False) -> None:
    """Sort repeat_time * 32 values descending with their indexes (fully when is_full_sort, else per 32)."""
    core = cur()
    rep = check_repeat(core, repeat_time)
    if rep is None:
        return
    n = rep * 32
    if not core.access(V, ((concat, 0, n), (index, 0, n)), ((dst, 0, n * (8 // dst.esize)),), "sort"):
        return
    vals = concat.view()[:n]
    idx = index.view()[:n].view(np.uint32) if index.esize == 4 else index.view()[:n].astype(np.uint32)
    if is_full_sort:
        order = np.argsort(-vals.astype(np.float64), kind="stable")
        write_pairs(dst, vals[order], idx[order])
    else:
        v = vals.reshape(rep, 32)
        o = np.argsort(-v.astype(np.float64), axis=1, kind="stable")
        write_pairs(dst, np.take_along_axis(v, o, 1).ravel(), np.take_along_axis(idx.reshape(rep, 32), o, 1).ravel())


def proposal_concat(dst: LocalTensor, src: LocalTensor, repeat_time: Any, mode_number: Any) -> None:
    """Write 16 src values per repeat into field `mode_number` of 16 region proposals of 8 elements each."""
    core = cur()
    rep = check_repeat(core, repeat_time)
    if rep is None:
        return
    n = rep * 16
    if not core.access(V, ((src, 0, n),), ((dst, 0, n * 8),), "proposal_concat"):
        return
    dst.view()[np.arange(n) * 8 + int(mode_number)] = src.view()[:n]


def proposal_extract(dst: LocalTensor, src: LocalTensor, repeat_time: Any, mode_number: Any) -> None:
    """Read field `mode_number` of 16 region proposals per repeat into 16 consecutive values."""
    core = cur()
    rep = check_repeat(core, repeat_time)
    if rep is None:
        return
    n = rep * 16
    if not core.access(V, ((src, 0, n * 8),), ((dst, 0, n),), "proposal_extract"):
        return
    dst.view()[:n] = src.view()[np.arange(n) * 8 + int(mode_number)]


def rp_sort16(dst: LocalTensor, src: LocalTensor, repeat_time: Any) -> None:
    """Per repeat, 16 region proposals (8 elements each) sorted by their score (element 4) descending."""
    core = cur()
    rep = check_repeat(core, repeat_time)
    if rep is None:
        return
    n = rep * 16 * 8
    if not core.access(V, ((src, 0, n),), ((dst, 0, n),), "rp_sort16"):
        return
    p = src.view()[:n].reshape(rep, 16, 8).copy()
    order = np.argsort(-p[:, :, 4].astype(np.float64), axis=1, kind="stable")
    dst.view()[:n] = np.take_along_axis(p, order[:, :, None], 1).ravel()


_SORTED_ELEMENTS = 2
"""A sorted (value, index) structure spans 8 bytes: two float elements (the C++ is `GetSortLen<float>`)."""


def get_sort_len(elem_count: Any) -> int:
    """GetSortLen<float>: elem_count sorted structures measured in float elements."""
    return int(elem_count) * _SORTED_ELEMENTS


def get_sort_offset(elem_offset: Any) -> int:
    """GetSortOffset<float>: the element offset of sorted structure elem_offset."""
    return int(elem_offset) * _SORTED_ELEMENTS
