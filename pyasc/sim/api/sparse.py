"""The 4:2 sparse cube: load_data_with_sparse and mmad_with_sparse (Ascend C's documentation of both and of the
sparse index matrix).

B is given dense: of every 4 elements along K of the original B at most 2 are not zero, and the dense B keeps those 2
(K/2 x N, int8, Zn fractals of 32 x 16 in L0B).  Each dense element has a 2-bit index: the first of a pair says which
of the group's elements 0-2 it is, the second which of elements 1-3 (so A's column is 4g + i, then 4g + 1 + i).  The
index matrix has B's layout, 4 entries to a byte from the low bits up: a 128-byte fractal per 512-byte fractal of B.

load_data_with_sparse copies repeat_times consecutive fractals from fractal start_index of src (B1) to dst (L0B)
and the same fractals of idx into the cube's index buffer, a quarter of L0B's size at a quarter of dst's address.
mmad_with_sparse computes C (int32, L0C) = A (M x K, int8, Zz in L0A) x B with each dense B element multiplied by
the element of A its index selects, reading the index buffer at a quarter of the filter's address.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import state
from ..objects import LocalTensor
from ._vec import cur
from .fractal import FRACTAL, MTE1, M, flag, l0_aligned, num

IDX_FRACTAL = FRACTAL // 4
"""Bytes of index per 512-byte fractal of B: 16 x 32 entries of 2 bits."""


def _index_buffer(core: state.Core) -> np.ndarray:
    buf = core.scalar_state.get("sparse_index")
    if buf is None:
        buf = core.scalar_state["sparse_index"] = np.zeros(core.mem_capacity("L0B") // 4, np.uint8)
    return buf


def _check(core: state.Core, what: str, t: Any, name: str, mem: str, dtype: str) -> bool:
    if not isinstance(t, LocalTensor) or t.mem != mem or t.dtype.name != dtype:
        where = getattr(t, "mem", "Global Memory")
        kind = getattr(getattr(t, "dtype", None), "name", type(t).__name__)
        return core.report("bad-argument", f"{what}: {name} must be {dtype} in {mem}, not {kind} in {where}")
    return True


def load_data_with_sparse(dst: LocalTensor, src: LocalTensor, idx: LocalTensor, load_data_params: Any) -> None:
    """Dense B fractals to L0B and their index fractals to the index buffer (start_index and repeat_times only:
    the load is contiguous, Ascend C ignores the other fields)."""
    core = cur()
    what = "load_data_with_sparse"
    if not (_check(core, what, dst, "dst", "L0B", "int8") and _check(core, what, src, "src", "L1", "int8")
            and _check(core, what, idx, "idx", "L1", "uint8") and l0_aligned(core, what, "dst", dst)):
        return
    rep, start = num(load_data_params, "repeat_times", 1), num(load_data_params, "start_index")
    if not 0 <= rep <= 255 or start < 0:
        core.report("bad-argument", f"{what}: repeat_times {rep} must be in [0, 255] and start_index {start} not "
                                    "negative")
        return
    if rep == 0:
        return
    lo, n = start * FRACTAL, rep * FRACTAL
    ilo, ni = start * IDX_FRACTAL, rep * IDX_FRACTAL
    base = dst.addr // 4
    index = _index_buffer(core)
    if base + ni > index.size:
        core.report("bad-argument", f"{what}: {rep} fractals at L0B byte {dst.addr} leave the index buffer "
                                    f"({index.size} bytes, a quarter of L0B)")
        return
    if not core.access(MTE1, ((src, lo, lo + n), (idx, ilo, ilo + ni)), ((dst, 0, n),), what):
        return
    dst.view()[:n] = src.view()[lo:lo + n]
    index[base:base + ni] = idx.view()[ilo:ilo + ni]


def mmad_with_sparse(dst: LocalTensor, fm: LocalTensor, filter: LocalTensor, mmad_params: Any) -> None:  # noqa: A002
    """C[m, n] (+)= sum over dense k of A[m, column(k, n)] * B[k, n], the column chosen by B's index."""
    core = cur()
    what = "mmad_with_sparse"
    if not (_check(core, what, dst, "dst", "L0C", "int32") and _check(core, what, fm, "fm", "L0A", "int8")
            and _check(core, what, filter, "filter", "L0B", "int8")):
        return
    m, n, k = num(mmad_params, "m"), num(mmad_params, "n"), num(mmad_params, "k")
    if m <= 0 or n <= 0 or k <= 0:
        return
    if not (l0_aligned(core, what, "fm", fm) and l0_aligned(core, what, "filter", filter)):
        return
    if max(m, n, k) > 4095 or k % 4:
        core.report("bad-argument", f"{what} m={m}, n={n}, k={k}: each is at most 4095 and k (A's width, twice the "
                                    "dense B's height) a multiple of 4")
        return
    kd = k // 2
    m1, n1, k1, kd1 = -(-m // 16), -(-n // 16), -(-k // 32), -(-kd // 32)
    na, nb, nc = m1 * k1 * 512, kd1 * n1 * 512, n1 * m1 * 256
    accumulate = (not flag(mmad_params, "cmatrix_init_val", True)) or flag(mmad_params, "is_bias")
    reads = ((fm, 0, na), (filter, 0, nb)) + (((dst, 0, nc),) if accumulate else ())
    if not core.access(M, reads, ((dst, 0, nc),), what, cost_bytes=m1 * n1 * kd1):
        return
    a = fm.view()[:na].reshape(m1, k1, 16, 32).transpose(0, 2, 1, 3).reshape(m1 * 16, k1 * 32)[:, :k]
    b = filter.view()[:nb].reshape(kd1, n1, 16, 32).transpose(0, 3, 1, 2).reshape(kd1 * 32, n1 * 16)[:kd]
    base = filter.addr // 4
    raw = _index_buffer(core)[base:base + kd1 * n1 * IDX_FRACTAL]
    entries = ((raw[:, None] >> np.array([0, 2, 4, 6], np.uint8)[None, :]) & 3).reshape(-1)  # 512 per fractal
    sel = entries.reshape(kd1, n1, 16, 32).transpose(0, 3, 1, 2).reshape(kd1 * 32, n1 * 16)[:kd].astype(np.int64)
    if (sel[:, :n] == 3).any():
        k_bad, n_bad = (int(v[0]) for v in np.nonzero(sel[:, :n] == 3))
        core.report("bad-argument", f"{what}: the index of dense B element ({k_bad}, {n_bad}) is 3; an index is 0, "
                                    "1 or 2 (the element's place among 3 of its group of 4)")
        return
    dk = np.arange(kd)[:, None]
    column = np.minimum(4 * (dk // 2) + dk % 2 + sel, k - 1)  # the second of a pair counts from element 1
    picked = a.astype(np.int64)[:, column]  # [rows, kd, columns]
    full = np.einsum("mkn,kn->mn", picked, b.astype(np.int64))
    cv = dst.view()[:nc].reshape(n1, m1 * 16, 16)
    if accumulate:
        full += cv.transpose(1, 0, 2).reshape(m1 * 16, n1 * 16)
    cv[:] = full.astype(np.int32).reshape(m1 * 16, n1, 16).transpose(1, 0, 2)
