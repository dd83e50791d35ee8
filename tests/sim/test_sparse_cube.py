"""The 4:2 sparse cube: load_data_with_sparse + mmad_with_sparse compute A @ B for a B with at most 2 non-zeros in
every 4 along K, given as the dense B and its 2-bit index matrix, against numpy."""

from __future__ import annotations

import numpy as np
import pytest

import pyasc as asc
from pyasc import sim

M, K, N = 32, 64, 48
KD = K // 2


def sparse_b(rng: np.random.Generator) -> np.ndarray:
    """K x N int8 with 0, 1 or 2 non-zeros in each group of 4 rows of a column."""
    b = np.zeros((K, N), np.int8)
    for g in range(K // 4):
        for j in range(N):
            keep = rng.choice(4, size=rng.integers(0, 3), replace=False)
            b[4 * g + keep, j] = rng.integers(1, 9, size=keep.size) * rng.choice([-1, 1], size=keep.size)
    return b


def densify(b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The dense B (K/2 x N) and its indexes, by the documented encoding: the first of a pair is the element's place
    among elements 0-2 of the group, the second its place among elements 1-3."""
    dense = np.zeros((KD, N), np.int8)
    index = np.zeros((KD, N), np.uint8)
    for g in range(K // 4):
        for j in range(N):
            nz = [p for p in range(4) if b[4 * g + p, j]]
            if len(nz) == 2:
                firsts, values = (nz[0], nz[1] - 1), (b[4 * g + nz[0], j], b[4 * g + nz[1], j])
            elif len(nz) == 1 and nz[0] == 3:
                firsts, values = (0, 2), (0, b[4 * g + 3, j])
            elif len(nz) == 1:
                firsts, values = (nz[0], 0), (b[4 * g + nz[0], j], 0)
            else:
                firsts, values = (0, 0), (0, 0)
            index[2 * g:2 * g + 2, j] = firsts
            dense[2 * g:2 * g + 2, j] = values
    return dense, index


def zn(x: np.ndarray) -> np.ndarray:
    """A K x N int8 matrix as Zn fractals of 32 x 16: fractals row-major, each stored column by column."""
    k, n = x.shape
    return x.reshape(k // 32, 32, n // 16, 16).transpose(0, 2, 3, 1).reshape(-1)


def zn_index(index: np.ndarray) -> np.ndarray:
    """The 2-bit indexes in B's fractal order, 4 to a byte from the low bits up."""
    e = zn(index).reshape(-1, 4).astype(np.uint8)
    return (e[:, 0] | e[:, 1] << 2 | e[:, 2] << 4 | e[:, 3] << 6).astype(np.uint8)


def zz(x: np.ndarray) -> np.ndarray:
    m, k = x.shape
    return x.reshape(m // 16, 16, k // 32, 32).transpose(0, 2, 1, 3).reshape(-1)


def _load(core_tensors, a: np.ndarray, dense: np.ndarray, index: np.ndarray, start: int = 0) -> None:
    a2, b1, idx1, b2 = core_tensors
    a2.view()[:] = zz(a)
    b1.view()[start * 512:start * 512 + KD * N] = zn(dense)
    idx1.view()[start * 128:start * 128 + KD * N // 4] = zn_index(index)
    asc.load_data_with_sparse(b2, b1, idx1, asc.LoadData2DParams(start_index=start, repeat_times=KD * N // 512))


def _tensors():
    a2 = asc.LocalTensor(asc.int8, asc.TPosition.A2, 0, M * K)
    b1 = asc.LocalTensor(asc.int8, asc.TPosition.B1, 0, 2 * KD * N)
    idx1 = asc.LocalTensor(asc.uint8, asc.TPosition.B1, 8192, KD * N // 2)
    b2 = asc.LocalTensor(asc.int8, asc.TPosition.B2, 1024, KD * N)  # a quarter of 1024: index buffer byte 256
    return a2, b1, idx1, b2


def _c(c1: asc.LocalTensor) -> np.ndarray:
    return c1.view().reshape(N // 16, M, 16).transpose(1, 0, 2).reshape(M, N)


@pytest.mark.parametrize("start", [0, 3])
def test_sparse_mmad_is_a_at_the_sparse_b(core, start):
    rng = np.random.default_rng(start + 1)
    a = rng.integers(-9, 10, (M, K)).astype(np.int8)  # every A element non-zero or not: the index filters
    b = sparse_b(rng)
    dense, index = densify(b)
    tensors = _tensors()
    _load(tensors, a, dense, index, start)
    c1 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 0, M * N)
    asc.mmad_with_sparse(c1, tensors[0], tensors[3], asc.MmadParams(m=M, n=N, k=K))
    np.testing.assert_array_equal(_c(c1), a.astype(np.int64) @ b.astype(np.int64))


def test_sparse_mmad_accumulates_without_cmatrix_init(core):
    rng = np.random.default_rng(9)
    a = rng.integers(-9, 10, (M, K)).astype(np.int8)
    b = sparse_b(rng)
    dense, index = densify(b)
    tensors = _tensors()
    _load(tensors, a, dense, index)
    c1 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 0, M * N)
    asc.mmad_with_sparse(c1, tensors[0], tensors[3], asc.MmadParams(m=M, n=N, k=K))
    params = asc.MmadParams(m=M, n=N, k=K)
    params.cmatrix_init_val = False
    asc.mmad_with_sparse(c1, tensors[0], tensors[3], params)
    np.testing.assert_array_equal(_c(c1), 2 * (a.astype(np.int64) @ b.astype(np.int64)))


def test_an_index_of_3_and_a_wrong_position_are_reported():
    with sim.collect() as report, sim.interactive():
        rng = np.random.default_rng(2)
        a = rng.integers(-9, 10, (M, K)).astype(np.int8)
        dense, index = densify(sparse_b(rng))
        index[5, 7] = 3
        tensors = _tensors()
        _load(tensors, a, dense, index)
        c1 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 0, M * N)
        asc.mmad_with_sparse(c1, tensors[0], tensors[3], asc.MmadParams(m=M, n=N, k=K))
        asc.load_data_with_sparse(tensors[0], tensors[1], tensors[2], asc.LoadData2DParams(repeat_times=1))
    first, second = (f.message for f in report.findings if f.severity == "error")
    assert first == ("mmad_with_sparse: the index of dense B element (5, 7) is 3; an index is 0, 1 or 2 (the "
                     "element's place among 3 of its group of 4)")
    assert second == "load_data_with_sparse: dst must be int8 in L0B, not int8 in L0A"


@asc.jit(matmul_cube_only=True)
def matmul_with_index(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, index: asc.GlobalAddress,
                      tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    i_gm = asc.GlobalTensor()
    i_gm.set_global_buffer(index)
    pipe = asc.TPipe()
    in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8)
    mm = asc.adv.Matmul(in_type, in_type, asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.set_sparse_index(i_gm)
    mm.iterate_all(c_gm)
    mm.end()


def test_a_matmul_sparse_index_on_a_matmul_type_b_has_no_effect_and_says_so():
    """The language's B is a MatmulType, never Ascend C's SparseMatmulType: the device ignores the index."""
    rng = np.random.default_rng(12)
    a = rng.integers(-9, 10, (M, K)).astype(np.int8)
    b = rng.integers(-9, 10, (K, N)).astype(np.int8)
    c = np.zeros((M, N), np.int32)
    tiling = asc.adv.TCubeTiling(used_core_num=1, m=M, n=N, k_a=K, k_b=K, single_core_m=M, single_core_n=N,
                                 single_core_k=K, base_m=16, base_n=16, base_k=32)
    with sim.collect() as report:
        matmul_with_index[1](a, b, c, np.full(K * N // 8, 0xFF, np.uint8), tiling, np.zeros(1 << 12, np.uint8))
    np.testing.assert_array_equal(c, a.astype(np.int32) @ b.astype(np.int32))
    (f,) = [f for f in report.findings if f.severity != "note"]
    assert (f.severity, f.code) == ("warning", "PS109") and "set_sparse_index has no effect" in f.message
