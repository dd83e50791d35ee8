"""Mixed cube/vector kernels: a kernel that registers a Matmul runs each block as one cube core and two vector
cores, with the block and sub-block indexes of each, and its vector cores consume the Matmul's C."""

from __future__ import annotations

import numpy as np
import pytest

import pyasc as asc
from pyasc.compat.config import KernelType
from pyasc.sim import mix
from pyasc.sim.jit import JITFunction


def _ids_kernel(**options):
    @asc.jit(**options)
    def ids(aic_out: asc.GlobalAddress, aiv_out: asc.GlobalAddress, workspace: asc.GlobalAddress,
            tiling: asc.adv.TCubeTiling):
        aic_gm = asc.GlobalTensor()
        aic_gm.set_global_buffer(aic_out)
        aiv_gm = asc.GlobalTensor()
        aiv_gm.set_global_buffer(aiv_out)
        idx = asc.get_block_idx()
        if asc.ascend_is_aic():
            aic_gm.set_value(idx * 8, 1)
            aic_gm.set_value(idx * 8 + 1, asc.get_block_num())
            aic_gm.set_value(idx * 8 + 2, asc.get_sub_block_idx())
        if asc.ascend_is_aiv():
            aiv_gm.set_value(idx * 8, 1)
            aiv_gm.set_value(idx * 8 + 1, asc.get_block_num())
            aiv_gm.set_value(idx * 8 + 2, asc.get_sub_block_idx())
            aiv_gm.set_value(idx * 8 + 3, asc.get_sub_block_num())
            aiv_gm.set_value(idx * 8 + 4, asc.get_task_ratio())
        pipe = asc.TPipe()
        a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
        mm = asc.adv.Matmul(a=a_type, b=a_type, c=c_type)
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        if asc.ascend_is_aic():
            aic_gm.set_value(idx * 8 + 3, 1)  # never runs: the cube core returns into the Matmul server
        mm.end()

    return ids


def _run_ids(blocks: int, **options):
    aic = np.zeros(blocks * 8, dtype=np.int32)
    aiv = np.zeros(blocks * 2 * 8, dtype=np.int32)
    ws = np.zeros(1024, dtype=np.uint8)
    _ids_kernel(**options)[blocks](aic, aiv, ws, asc.adv.TCubeTiling(m=16, n=16, k_a=16, k_b=16))
    return aic.reshape(-1, 8), aiv.reshape(-1, 8)


def test_a_kernel_registering_a_matmul_runs_each_block_as_one_cube_and_two_vector_cores():
    aic, aiv = _run_ids(3)
    assert aic[:, :4].tolist() == [[1, 3, 0, 0]] * 3  # each block's cube core, up to register_matmul only
    # vector cores: get_block_idx() 0..5, block_num 3, sub-block 0/1 of 2, task ratio 2
    assert aiv[:, :5].tolist() == [[1, 3, s, 2, 2] for _ in range(3) for s in (0, 1)]


def test_kernel_type_decides_the_mix():
    aic, aiv = _run_ids(2, kernel_type=KernelType.MIX_AIC_1_1)
    assert aic[:, :4].tolist() == [[1, 2, 0, 0]] * 2
    assert aiv[:2, :5].tolist() == [[1, 2, 0, 1, 1]] * 2 and not aiv[2:].any()
    aic, aiv = _run_ids(2, kernel_type=KernelType.AIV_ONLY)
    assert not aic.any() and aiv[:2, :5].tolist() == [[1, 2, 0, 1, 1]] * 2


def test_the_kind_is_read_from_the_kernel_and_its_helpers():
    @asc.jit
    def helper(pipe, ws, mm):
        asc.adv.register_matmul(pipe, ws, mm)

    @asc.jit
    def via_helper(ws: asc.GlobalAddress):
        helper(asc.TPipe(), ws, None)

    @asc.jit
    def vector(x: asc.GlobalAddress):
        asc.get_block_idx()

    assert mix.kernel_kind(via_helper.fn, {}, (JITFunction,)) == (False, 2)
    assert mix.kernel_kind(vector.fn, {}, (JITFunction,)) == (False, 0)
    assert mix.kernel_kind(via_helper.fn, {"matmul_cube_only": True}, (JITFunction,)) == (True, 0)
    assert mix.cores(2, 2) == [(0, True, 0), (0, False, 0), (1, False, 1), (1, True, 0), (2, False, 0),
                               (3, False, 1)]


@asc.jit
def mm_epilogue(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, y: asc.GlobalAddress,
                workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    """Each vector core asks for its own rows of C = A @ B, then computes y = 2 * C + 1 over them."""
    rows = tiling.single_core_m
    idx = asc.get_block_idx()
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a + idx * rows * tiling.k_a)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c + idx * rows * tiling.n)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y + idx * rows * tiling.n)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm)
    mm.end()
    n = rows * tiling.n
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=q_in, num=1, len=n * 4)
    pipe.init_buffer(que=q_out, num=1, len=n * 4)
    t = q_in.alloc_tensor(asc.float32)
    asc.data_copy(t, c_gm, count=n)
    q_in.enque(t)
    t = q_in.deque(asc.float32)
    o = q_out.alloc_tensor(asc.float32)
    asc.muls(o, t, 2.0, count=n)
    asc.adds(o, o, 1.0, count=n)
    q_out.enque(o)
    q_in.free_tensor(t)
    o = q_out.deque(asc.float32)
    asc.data_copy(y_gm, o, count=n)
    q_out.free_tensor(o)


@pytest.mark.parametrize("blocks", [1, 3])
def test_mixed_matmul_with_a_vector_epilogue_covers_every_vector_cores_rows(blocks):
    rng = np.random.default_rng(7)
    rows, k, n = 16, 32, 48
    m = rows * 2 * blocks  # two vector cores per block, 16 rows each
    a = rng.integers(-4, 5, (m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    y = np.zeros((m, n), np.float32)
    ws = np.zeros(1 << 16, np.uint8)
    tiling = asc.adv.TCubeTiling(used_core_num=2 * blocks, m=m, n=n, k_a=k, k_b=k, single_core_m=rows,
                                 single_core_n=n, single_core_k=k, base_m=rows, base_n=n, base_k=k)
    report = mm_epilogue[blocks](a, b, c, y, ws, tiling)
    expected = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_array_equal(c, expected)
    np.testing.assert_array_equal(y, expected * 2 + 1)
    assert report.findings == []


def test_the_profile_names_each_core_of_a_block():
    rng = np.random.default_rng(3)
    a = rng.integers(-4, 5, (64, 32)).astype(np.float16)
    b = rng.integers(-4, 5, (32, 48)).astype(np.float16)
    c = np.zeros((64, 48), np.float32)
    y = np.zeros((64, 48), np.float32)
    tiling = asc.adv.TCubeTiling(used_core_num=4, m=64, n=48, k_a=32, k_b=32, single_core_m=16, single_core_n=48,
                                 single_core_k=32, base_m=16, base_n=48, base_k=32)
    with asc.profile(show=False) as prof:
        mm_epilogue[2](a, b, c, y, np.zeros(1 << 16, np.uint8), tiling)
    rows = [(p.unit, p.core) for p in prof.kernels[0].cores]
    assert rows == [("AIC", 0), ("AIV", 0), ("AIV", 1), ("AIC", 1), ("AIV", 2), ("AIV", 3)]
    aiv = prof.kernels[0].cores[1]
    assert aiv.calls["MTE2"] == 1 and aiv.calls["MTE3"] == 1 and aiv.calls["FIX"] == 1  # C written by the AIC side
    assert "AIV3" in prof.table()
