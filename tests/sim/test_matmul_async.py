"""adv.Matmul's asynchronous forms and partial sums on the simulator: iterate(sync=False) with get_tensor_c into
UB and GM, get_tensor_c() returning the block in the workspace, get_tensor_c(gm, sync=False) and its wait, and
iterate(en_partial_sum=True); the results against numpy, the races at the user's lines."""

from __future__ import annotations

import numpy as np
import pytest

import pyasc as asc

M, K, N = 48, 32, 40
BASE_M, BASE_N = 32, 16  # 2 x 3 blocks, tails of 16 rows and 8 columns
BLOCKS = [(i, j) for j in range(3) for i in range(2)]  # iterate_order 0: along M first


def _tiling(m=M, n=N, base_m=BASE_M, base_n=BASE_N):
    return asc.adv.TCubeTiling(used_core_num=1, m=m, n=n, k_a=K, k_b=K, single_core_m=m, single_core_n=n,
                               single_core_k=K, base_m=base_m, base_n=base_n, base_k=K)


def _data(seed=2):
    rng = np.random.default_rng(seed)
    return rng.integers(-3, 4, (M, K)).astype(np.float16), rng.integers(-3, 4, (K, N)).astype(np.float16)


def _gm_setup(a, b, c, workspace_c):
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    ws_gm = asc.GlobalTensor()
    ws_gm.set_global_buffer(workspace_c)
    return a_gm, b_gm, c_gm, ws_gm


def _mm(pipe, workspace, tiling):
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        c=asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    return mm


@asc.jit
def async_to_ub(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
                cache: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    """Iterate<false>() once, then each block from the workspace into UB, doubled, out to c as [base_m, base_n]."""
    a_gm, b_gm, c_gm, ws_gm = _gm_setup(a, b, c, cache)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que=q_in, num=1, len=BASE_M * BASE_N * 4)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=q_out, num=1, len=BASE_M * BASE_N * 4)
    mm = _mm(pipe, workspace, tiling)
    mm.set_workspace(ws_gm)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate(sync=False)
    for i in range(6):
        t = q_in.alloc_tensor(asc.float32)
        mm.get_tensor_c(t, sync=False)
        q_in.enque(t)
        t = q_in.deque(asc.float32)
        o = q_out.alloc_tensor(asc.float32)
        asc.muls(o, t, 2.0, count=BASE_M * BASE_N)
        q_in.free_tensor(t)
        q_out.enque(o)
        o = q_out.deque(asc.float32)
        asc.data_copy(c_gm[i * BASE_M * BASE_N:], o, count=BASE_M * BASE_N)
        q_out.free_tensor(o)
    mm.end()


def _blocks_of(c_full: np.ndarray) -> np.ndarray:
    """C as the workspace holds it: each block [base_m, base_n] (top left filled), in iteration order."""
    out = np.zeros((len(BLOCKS), BASE_M, BASE_N), np.float32)
    for s, (i, j) in enumerate(BLOCKS):
        blk = c_full[i * BASE_M:(i + 1) * BASE_M, j * BASE_N:(j + 1) * BASE_N]
        out[s, :blk.shape[0], :blk.shape[1]] = blk
    return out


def test_iterate_async_computes_every_block_into_the_workspace_and_get_tensor_c_takes_them_in_order():
    a, b = _data()
    c = np.zeros((6, BASE_M, BASE_N), np.float32)
    cache = np.zeros((6, BASE_M, BASE_N), np.float32)
    report = async_to_ub[1](a, b, c, np.zeros(1 << 12, np.uint8), cache, _tiling(),
                            kernel_type="KernelType.MIX_AIC_1_1")
    blocks = _blocks_of(a.astype(np.float32) @ b.astype(np.float32))
    np.testing.assert_array_equal(cache, blocks)
    np.testing.assert_array_equal(c, 2 * blocks)
    assert report.findings == []


def _gm_kernel(async_iterate: bool, wait: bool, no_destination: bool = False):
    @asc.jit
    def to_gm(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
              cache: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
        """Blocks to their place in c with get_tensor_c(gm, sync=False), then the scalar unit reads c[0]."""
        a_gm, b_gm, c_gm, ws_gm = _gm_setup(a, b, c, cache)
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(que=q, num=1, len=BASE_M * BASE_N * 4)
        mm = _mm(pipe, workspace, tiling)
        mm.set_workspace(ws_gm)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        if no_destination:
            with mm.iterate() as count:
                blk = mm.get_tensor_c()
                t = q.alloc_tensor(asc.float32)
                asc.data_copy(t, blk, count=BASE_M * BASE_N)
                q.enque(t)
                t = q.deque(asc.float32)
                asc.adds(t, t, 1.0, count=BASE_M * BASE_N)
                asc.pipe_barrier(asc.PipeID.PIPE_ALL)
                asc.data_copy(c_gm[count * BASE_M * BASE_N:], t, count=BASE_M * BASE_N)
                q.free_tensor(t)
        elif async_iterate:
            with mm.iterate(sync=False):
                mm.get_tensor_c(c_gm, sync=False)
        else:
            with mm.iterate():
                mm.get_tensor_c(c_gm, sync=False)
        if wait:
            mm.wait_get_tensor_c()
        c_gm.set_value(0, c_gm.get_value(0) + 1000.0)
        mm.end()

    return to_gm


@pytest.mark.parametrize("async_iterate", [True, False])
def test_get_tensor_c_to_gm_async_is_ready_after_wait_get_tensor_c(async_iterate):
    a, b = _data()
    c = np.zeros((M, N), np.float32)
    cache = np.zeros(6 * BASE_M * BASE_N, np.float32)
    report = _gm_kernel(async_iterate, True)[1](a, b, c, np.zeros(1 << 12, np.uint8), cache, _tiling(),
                                                kernel_type="KernelType.MIX_AIC_1_1")
    expected = a.astype(np.float32) @ b.astype(np.float32)
    expected[0, 0] += 1000
    np.testing.assert_array_equal(c, expected)
    assert report.findings == []


@pytest.mark.parametrize("async_iterate", [True, False])
def test_reading_an_async_get_tensor_c_before_its_wait_is_a_race_at_the_read(async_iterate):
    a, b = _data()
    c = np.zeros((M, N), np.float32)
    with asc.sim.collect() as report:
        _gm_kernel(async_iterate, False)[1](a, b, c, np.zeros(1 << 12, np.uint8),
                                            np.zeros(6 * BASE_M * BASE_N, np.float32), _tiling(),
                                            kernel_type="KernelType.MIX_AIC_1_1")
    races = [f for f in report.findings if f.kind == "race"]
    assert len(races) == 1 and races[0].severity == "error"
    assert "get_value on pipe S may read GM 'c'" in races[0].message and "wait_get_tensor_c" in races[0].message
    with open(__file__, encoding="utf-8") as fh:
        lines = [text.strip() for text in fh]
    loop = lines.index("with mm.iterate(sync=False):" if async_iterate else "with mm.iterate():") + 1
    assert races[0].line == lines.index("c_gm.set_value(0, c_gm.get_value(0) + 1000.0)") + 1
    assert races[0].related[0] == ("AIC FIX wrote it here", __file__, loop + 1)  # the get_tensor_c in that loop


def test_get_tensor_c_with_no_tensor_returns_the_block_in_the_workspace():
    a, b = _data()
    c = np.zeros((6, BASE_M, BASE_N), np.float32)
    cache = np.zeros((6, BASE_M, BASE_N), np.float32)
    report = _gm_kernel(False, False, no_destination=True)[1](a, b, c, np.zeros(1 << 12, np.uint8), cache,
                                                              _tiling(), kernel_type="KernelType.MIX_AIC_1_1")
    blocks = _blocks_of(a.astype(np.float32) @ b.astype(np.float32))
    np.testing.assert_array_equal(cache, blocks)
    expected = blocks + 1
    expected[0, 0, 0] += 1000
    np.testing.assert_array_equal(c, expected)
    assert report.findings == []


def test_without_a_workspace_the_async_iterate_says_what_to_call():
    @asc.jit
    def no_ws(a: asc.GlobalAddress, b: asc.GlobalAddress, workspace: asc.GlobalAddress,
              tiling: asc.adv.TCubeTiling):
        a_gm, b_gm, _, _ = _gm_setup(a, b, a, a)
        pipe = asc.TPipe()
        mm = _mm(pipe, workspace, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate(sync=False)

    a, b = _data()
    with asc.sim.collect() as report:
        no_ws[1](a, b, np.zeros(64, np.uint8), _tiling(), kernel_type="KernelType.MIX_AIC_1_1")
    assert [f.kind for f in report.findings] == ["bad-call"]
    assert "set_workspace" in report.findings[0].message


@asc.jit
def split_k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
            tiling: asc.adv.TCubeTiling, parts: int):
    """C = A @ B as a sum over K in `parts` slices, each iterate adding to what L0C holds."""
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    step = tiling.k_a // parts
    for p in range(parts):
        mm.set_tensor_a(a_gm[p * step:])
        mm.set_tensor_b(b_gm[p * step * tiling.n:])
        mm.set_single_shape(tiling.single_core_m, tiling.single_core_n, step)
        for _ in mm.iterate(p > 0):
            if p == parts - 1:
                mm.get_tensor_c(c_gm)
    mm.end()


def test_en_partial_sum_adds_to_what_l0c_holds():
    rng = np.random.default_rng(6)
    a = rng.integers(-3, 4, (BASE_M, K)).astype(np.float16)
    b = rng.integers(-3, 4, (K, BASE_N)).astype(np.float16)
    c = np.zeros((BASE_M, BASE_N), np.float32)
    report = split_k[1](a, b, c, np.zeros(64, np.uint8), _tiling(BASE_M, BASE_N), 2,
                        kernel_type="KernelType.MIX_AIC_1_1")
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))
    assert report.findings == []


def test_en_partial_sum_over_more_than_one_block_is_an_error():
    a, b = _data()
    c = np.zeros((M, N), np.float32)
    with asc.sim.collect() as report:
        split_k[1](np.ascontiguousarray(a), b, c, np.zeros(64, np.uint8), _tiling(), 2,
                   kernel_type="KernelType.MIX_AIC_1_1")
    assert [f.kind for f in report.findings] == ["bad-call"]
    assert "single_core_m == base_m" in report.findings[0].message


@asc.jit(matmul_cube_only=True)
def own_l0c(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
            tiling: asc.adv.TCubeTiling):
    """Each block into the kernel's own CO1 tensor, then fixpipe'd to its place in C (row-major)."""
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        c=asc.adv.MatmulType(asc.TPosition.CO1, asc.CubeFormat.NZ, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    co1 = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.CO1, addr=0, tile_size=BASE_M * BASE_N)
    for count in mm.iterate(False, True, co1):
        mi = count % 2
        ni = count // 2
        rows = min(BASE_M, tiling.single_core_m - mi * BASE_M)
        cols = min(BASE_N, tiling.single_core_n - ni * BASE_N)
        params = asc.FixpipeParamsV220(n_size=cols, m_size=rows, src_stride=(rows + 15) // 16 * 16,
                                       dst_stride=tiling.n)
        asc.fixpipe(c_gm[mi * BASE_M * tiling.n + ni * BASE_N:], co1, params)
    mm.end()


def test_iterate_into_a_local_c_matrix_writes_each_block_to_l0c_as_the_cube_does():
    a, b = _data()
    c = np.zeros((M, N), np.float32)
    report = own_l0c[1](a, b, c, np.zeros(64, np.uint8), _tiling())
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))
    assert report.findings == []
