"""Shared machinery of vector instructions: count and mask/repeat/stride addressing, access checks, dtype handling."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from .. import state
from ..objects import LocalTensor

FULL = ("n", -1)


def cur() -> state.Core:
    core = state._CURRENT
    return core if core is not None else state.current()


def mask_key(core: state.Core, mask: Any, epr: int, is_set_mask: Any = True,
             counter: bool = False) -> tuple[Any, ...] | None:
    """The mask -> a hashable key: ('n', k) for the first k elements of each repeat, ('b', lo, hi) bits, or in counter
    mode (set_mask_count) ('c', k): k elements in all, repeat after repeat, whatever repeat_times says.

    A list mask is [mask0, mask1]: bit i of mask0 enables element i of a repeat, bit i of mask1 element 64 + i.
    `counter`: the caller handles counter-mode keys (element-wise instructions); for the others counter mode is
    reported as not modelled.  None when the mask is invalid or not modelled (reported)."""
    if mask is None or (is_set_mask is False):
        m = core.mask
        if m is None:
            return ("n", epr)
        mask = m
    if core.mask_counter:
        if not counter:
            core.report("unsupported", "counter mode (set_mask_count) is modelled for element-wise instructions "
                                       "only; call set_mask_norm() before this one")
            return None
        # SetVectorMask<T, MaskMode::COUNTER>(0, n) or (n): the element count is the low word
        k = int(mask[0]) if isinstance(mask, (list, tuple)) else int(mask)
        if k < 0:
            core.report("bad-argument", f"counter-mode mask {k} is negative: it counts the elements to process")
            return None
        return ("c", k)
    if isinstance(mask, (list, tuple)):
        words = [int(x) & 0xFFFFFFFFFFFFFFFF for x in mask] + [0, 0]
        return ("b", words[0], words[1])
    k = int(mask)
    if k < 1 or k > epr:
        core.report("bad-argument", f"mask {k} is outside [1, {epr}]: a repeat of this dtype holds {epr} elements; "
                                    "pass a count within it or a [mask0, mask1] bit list")
        return None
    return ("n", k)


@lru_cache(maxsize=8192)
def _active(key: tuple[Any, ...], epr: int) -> np.ndarray:
    if key[0] == "n":
        return np.arange(min(key[1], epr) if key[1] > 0 else epr, dtype=np.int64)
    if key[0] == "c":
        return np.arange(min(key[1], epr), dtype=np.int64)
    lo, hi = key[1], key[2]
    bits = [j for j in range(min(epr, 64)) if (lo >> j) & 1]
    bits += [64 + j for j in range(min(epr - 64, 64)) if (hi >> j) & 1]
    return np.asarray(bits, dtype=np.int64)


@lru_cache(maxsize=8192)
def rep_index(esize: int, epr: int, key: tuple[Any, ...], repeat: int, blk: int, rep: int) -> np.ndarray:
    """Element indexes touched by a repeat form, in repeat-major order (block and repeat strides in 32-byte blocks)."""
    epb = 32 // esize
    if key[0] == "c":  # counter mode: as many repeats as the count fills, the last one partly
        k = np.arange(key[1], dtype=np.int64)
        j = k % epr
        idx = (k // epr) * (rep * epb) + (j // epb) * blk * epb + j % epb
        idx.setflags(write=False)
        return idx
    j = _active(key, epr)
    per = (j // epb) * blk * epb + j % epb
    idx = (np.arange(repeat, dtype=np.int64)[:, None] * (rep * epb) + per[None, :]).ravel()
    idx.setflags(write=False)
    return idx


def span(idx: np.ndarray) -> tuple[int, int]:
    if idx.size == 0:
        return 0, 0
    return int(idx.min()), int(idx.max()) + 1


def check_repeat(core: state.Core, repeat_times: Any) -> int | None:
    r = int(repeat_times)
    if r < 0 or r > 255:
        core.report("bad-argument", f"repeat_times {r} is outside [0, 255]: split the work into several calls")
        return None
    return r


def field(params: Any, *names: str, default: int) -> int:
    """A stride field of a repeat-params struct (several spellings accepted)."""
    for n in names:
        v = getattr(params, n, None)
        if v is not None:
            return int(v)
    return default


def epr_of(*tensors: LocalTensor) -> int:
    """Elements per repeat: 256 bytes of the widest operand."""
    return 256 // max(t.esize for t in tensors)


def as_dtype(value: Any, t: LocalTensor) -> Any:
    """A Python scalar converted to the tensor's element type, as the generated C++ does with static_cast."""
    with np.errstate(over="ignore", invalid="ignore"):
        return np.array(value).astype(t.npdt)[()]


def store(dst: np.ndarray, value: Any) -> None:
    """Assign converting to dst's dtype (overflow and NaN warnings are off during a launch, as on hardware)."""
    dst[...] = value.astype(dst.dtype, copy=False) if isinstance(value, np.ndarray) else value


def shape_dims(arr: Any) -> list[int]:
    """The dims of a ShapeInfo field; a field never given (`asc.ShapeInfo()`) has none (the attribute read then
    finds ShapeInfo's method of the same name)."""
    if arr is None or callable(arr):
        return []
    vals = getattr(arr, "values", arr)
    return [int(v) for v in vals]


def rows_cols(tiling: Any, src: LocalTensor) -> tuple[int, int]:
    """(rows, cols) of a softmax/rmsnorm source from its tiling struct (several spellings) or one row."""
    for rows_name, cols_name in (("src_m", "src_k"), ("srcM", "srcK"), ("rows", "cols"), ("m", "k")):
        r = getattr(tiling, rows_name, None)
        c = getattr(tiling, cols_name, None)
        if r and c:
            return int(r), int(c)
    info = getattr(src, "_shape_info", None)  # set_shape_info: the last dimension is the row
    dims = shape_dims(getattr(info, "shape", None))
    if len(dims) >= 2:
        return int(np.prod(dims[:-1])), dims[-1]
    return 1, src.length


def write_pairs(dst: LocalTensor, vals: np.ndarray, idx: np.ndarray, start: int = 0) -> None:
    raw = dst.view().view(np.uint8)
    n = vals.size
    rec = np.zeros((n, 8), dtype=np.uint8)
    rec[:, :dst.esize] = vals.astype(dst.npdt).view(np.uint8).reshape(n, dst.esize)
    rec[:, 4:8] = idx.astype(np.uint32).view(np.uint8).reshape(n, 4)
    raw[start * 8:(start + n) * 8] = rec.ravel()


def read_pairs(t: LocalTensor, n: int) -> tuple[np.ndarray, np.ndarray]:
    raw = t.view().view(np.uint8)[:n * 8].reshape(n, 8)
    vals = raw[:, :t.esize].copy().view(t.npdt).ravel()
    idx = raw[:, 4:8].copy().view(np.uint32).ravel()
    return vals, idx


def burst_indexes(params: Any, esize: int) -> tuple[np.ndarray, np.ndarray]:
    """The element indexes (source, destination) of DataCopyParams: block_count bursts of block_len 32-byte blocks,
    src_stride / dst_stride blocks apart; shared by data_copy and its lockstep form."""
    bc = field(params, "block_count", "blockCount", default=1)
    bl = field(params, "block_len", "blockLen", default=0)
    ss = field(params, "src_stride", "srcStride", default=0)
    ds = field(params, "dst_stride", "dstStride", default=0)
    epb = 32 // esize
    burst = np.arange(bl * epb, dtype=np.int64)
    s_idx = (np.arange(bc, dtype=np.int64)[:, None] * ((bl + ss) * epb) + burst[None, :]).ravel()
    d_idx = (np.arange(bc, dtype=np.int64)[:, None] * ((bl + ds) * epb) + burst[None, :]).ravel()
    return s_idx, d_idx
