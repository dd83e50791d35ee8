"""Batched adv.Matmul (iterate_batch, iterate_n_batch, get_batch_tensor_c) in the NORMAL, BSNGD and BNGS1S2 layouts,
with broadcast between A's and B's batches and the asynchronous forms, checked against numpy."""

from __future__ import annotations

import numpy as np
import pytest

import pyasc as asc

M, K, N = 32, 16, 48
WS = np.zeros(1 << 12, np.uint8)


def _tiling(**layouts):
    return asc.adv.TCubeTiling(used_core_num=1, m=M, n=N, k_a=K, k_b=K, single_core_m=M, single_core_n=N,
                               single_core_k=K, base_m=M, base_n=16, base_k=K, **layouts)


def _normal_kernel(layout, sync: bool, wait: bool, read_back: bool):
    @asc.jit
    def batched(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
                tiling: asc.adv.TCubeTiling, batch_a: int, batch_b: int):
        a_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a)
        b_gm = asc.GlobalTensor()
        b_gm.set_global_buffer(b)
        c_gm = asc.GlobalTensor()
        c_gm.set_global_buffer(c)
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(que=q, num=1, len=M * N * 4)
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, layout),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, layout),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, False, layout))
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_batch(c_gm, batch_a, batch_b, False, sync=sync, wait_iterate_batch=wait)
        if wait:
            mm.wait_iterate_batch()
        if read_back:
            r = q.alloc_tensor(asc.float32)
            asc.data_copy(r, c_gm, count=M * N)
            q.free_tensor(r)
        mm.end()

    return batched


def _operands(batch_a: int, batch_b: int, seed: int = 3):
    rng = np.random.default_rng(seed)
    a = rng.integers(-3, 4, (batch_a, M, K)).astype(np.float16)
    b = rng.integers(-3, 4, (batch_b, K, N)).astype(np.float16)
    return a, b


@pytest.mark.parametrize(("batch_a", "batch_b"), [(3, 3), (4, 2), (1, 3)])
@pytest.mark.parametrize("layout", [asc.LayoutMode.NORMAL, asc.LayoutMode.NONE])
def test_iterate_batch_multiplies_each_pair_and_broadcasts_the_smaller_side(layout, batch_a, batch_b):
    a, b = _operands(batch_a, batch_b)
    batch = max(batch_a, batch_b)
    c = np.zeros((batch, M, N), np.float32)
    report = _normal_kernel(layout, True, False, False)[1](a, b, c, WS, _tiling(), batch_a, batch_b,
                                                           kernel_type="KernelType.MIX_AIC_1_1")
    af, bf = a.astype(np.float32), b.astype(np.float32)
    expected = np.stack([af[i // (batch // batch_a)] @ bf[i // (batch // batch_b)] for i in range(batch)])
    np.testing.assert_array_equal(c, expected)
    assert report.findings == []


def test_batches_that_do_not_divide_are_an_error():
    a, b = _operands(3, 2)
    c = np.zeros((3, M, N), np.float32)
    with asc.sim.collect() as report:
        _normal_kernel(asc.LayoutMode.NORMAL, True, False, False)[1](a, b, c, WS, _tiling(), 3, 2,
                                                                     kernel_type="KernelType.MIX_AIC_1_1")
    assert [f.kind for f in report.findings] == ["bad-call"]
    assert "batch_a = 3 and batch_b = 2" in report.findings[0].message
    assert not c.any()


def test_an_asynchronous_iterate_batch_is_ready_after_its_wait_and_a_read_before_is_a_race():
    a, b = _operands(2, 2)
    c = np.zeros((2, M, N), np.float32)
    kernel = _normal_kernel(asc.LayoutMode.NORMAL, False, True, True)
    report = kernel[1](a, b, c, WS, _tiling(), 2, 2, kernel_type="KernelType.MIX_AIC_1_1")
    assert report.findings == []
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))
    with asc.sim.collect() as report:
        _normal_kernel(asc.LayoutMode.NORMAL, False, False, True)[1](a, b, c, WS, _tiling(), 2, 2,
                                                                     kernel_type="KernelType.MIX_AIC_1_1")
    races = [f for f in report.findings if f.kind == "race"]
    assert len(races) == 1 and races[0].severity == "error"
    assert "data_copy on pipe MTE2 may read GM 'c'" in races[0].message
    assert "wait_iterate_batch" in races[0].message
    with open(__file__, encoding="utf-8") as fh:
        where = {text.strip(): ln for ln, text in enumerate(fh, 1)}
    assert races[0].line == where["asc.data_copy(r, c_gm, count=M * N)"]
    assert races[0].related[0][1:] == (__file__, where[
        "mm.iterate_batch(c_gm, batch_a, batch_b, False, sync=sync, wait_iterate_batch=wait)"])


@asc.jit
def attention_scores(q: asc.GlobalAddress, k: asc.GlobalAddress, s: asc.GlobalAddress,
                     workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, batch_a: int, batch_b: int):
    """S = Q @ K^T per (batch, head, group): Q [B, S1, N, G, D], K [B, S2, N, G', D] (BSNGD), S [B, N, G, S1, S2]."""
    q_gm = asc.GlobalTensor()
    q_gm.set_global_buffer(q)
    k_gm = asc.GlobalTensor()
    k_gm.set_global_buffer(k)
    s_gm = asc.GlobalTensor()
    s_gm.set_global_buffer(s)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, asc.LayoutMode.BSNGD),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, True, asc.LayoutMode.BSNGD),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, False, asc.LayoutMode.BNGS1S2))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(q_gm)
    mm.set_tensor_b(k_gm, True)
    mm.iterate_batch(s_gm, batch_a, batch_b, False)
    mm.end()


@pytest.mark.parametrize("groups_b", [2, 1])  # 1: K broadcast along G (one key head for each group of queries)
def test_bsngd_operands_give_bngs1s2_scores(groups_b):
    bs, heads, groups = 2, 2, 2
    rng = np.random.default_rng(8)
    q = rng.integers(-3, 4, (bs, M, heads, groups, K)).astype(np.float16)
    k = rng.integers(-3, 4, (bs, N, heads, groups_b, K)).astype(np.float16)
    tiling = _tiling(a_layout_info_b=bs, a_layout_info_s=M, a_layout_info_n=heads, a_layout_info_g=groups,
                     a_layout_info_d=K, b_layout_info_b=bs, b_layout_info_s=N, b_layout_info_n=heads,
                     b_layout_info_g=groups_b, b_layout_info_d=K, c_layout_info_b=bs, c_layout_info_s1=M,
                     c_layout_info_n=heads, c_layout_info_g=groups, c_layout_info_s2=N, batch_num=bs * heads * groups)
    s = np.zeros((bs, heads, groups, M, N), np.float32)
    report = attention_scores[1](q, k, s, WS, tiling, bs * heads * groups, bs * heads * groups_b,
                                 kernel_type="KernelType.MIX_AIC_1_1")
    kf = np.broadcast_to(k.astype(np.float32), (bs, N, heads, groups, K))
    expected = np.einsum("bmngd,bkngd->bngmk", q.astype(np.float32), kf)
    np.testing.assert_array_equal(s, expected)
    assert report.findings == []


def _n_batch_kernel(sync: bool):
    @asc.jit
    def n_batches(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
                  results: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, loops: int, batch: int):
        """loops x batch products into the workspace, each loop's results copied out by the vector core."""
        a_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a)
        b_gm = asc.GlobalTensor()
        b_gm.set_global_buffer(b)
        c_gm = asc.GlobalTensor()
        c_gm.set_global_buffer(c)
        res_gm = asc.GlobalTensor()
        res_gm.set_global_buffer(results)
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(que=q, num=1, len=batch * M * N * 4)
        cfg = asc.adv.MatmulConfig(is_n_batch=True, batch_mode=asc.BatchMode.BATCH_LESS_THAN_L1)
        t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, asc.LayoutMode.NORMAL)
        mm = asc.adv.Matmul(a=t, b=t, c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32,
                                                           False, asc.LayoutMode.NORMAL), matmul_config=cfg)
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        mm.set_workspace(res_gm)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_n_batch(loops, batch, batch, False, sync=sync)
        for i in range(loops):
            loc = q.alloc_tensor(asc.float32)
            mm.get_batch_tensor_c(loc, batch, batch, sync=False)
            asc.pipe_barrier(asc.PipeID.PIPE_ALL)  # the vector core's MTE2 copy before its MTE3 store
            asc.data_copy(c_gm[i * batch * M * N:], loc, count=batch * M * N)
            q.free_tensor(loc)
        mm.end()

    return n_batches


@pytest.mark.parametrize("sync", [True, False])
def test_iterate_n_batch_fills_the_workspace_and_get_batch_tensor_c_hands_it_out(sync):
    loops, batch = 3, 2
    a, b = _operands(loops * batch, loops * batch, seed=9)
    c = np.zeros((loops * batch, M, N), np.float32)
    results = np.zeros((loops * batch, M, N), np.float32)
    report = _n_batch_kernel(sync)[1](a, b, c, WS, results, _tiling(), loops, batch,
                                      kernel_type="KernelType.MIX_AIC_1_1")
    expected = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_array_equal(results, expected)
    np.testing.assert_array_equal(c, expected)
    assert report.findings == []


@asc.jit(matmul_cube_only=True)
def cube_only_batch(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
                    tiling: asc.adv.TCubeTiling):
    """The cube-only form: the batch counts from set_batch_num, (en_partial_sum, en_atomic) in their place."""
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, asc.LayoutMode.NORMAL)
    mm = asc.adv.Matmul(a=t, b=t, c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, False,
                                                       asc.LayoutMode.NORMAL))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.set_batch_num(2, 1)
    mm.iterate_batch(c_gm, False, 1, False)
    mm.end()


def test_the_cube_only_form_takes_the_batches_of_set_batch_num_and_adds_atomically():
    a, b = _operands(2, 1, seed=4)
    c = np.ones((2, M, N), np.float32)
    report = cube_only_batch[1](a, b, c, WS, _tiling())
    np.testing.assert_array_equal(c, 1 + a.astype(np.float32) @ b.astype(np.float32))
    assert report.findings == []


def test_each_core_multiplies_its_block_of_every_batch():
    """Four cores each take a [M/2, N/2] block of C: the batches of A, B and C are whole matrices apart, not blocks."""

    @asc.jit
    def blocks(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
               tiling: asc.adv.TCubeTiling):
        i = asc.get_block_idx()
        mi, ni = i // 2, i % 2
        a_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a + mi * (M // 2) * K)
        b_gm = asc.GlobalTensor()
        b_gm.set_global_buffer(b + ni * (N // 2))
        c_gm = asc.GlobalTensor()
        c_gm.set_global_buffer(c + mi * (M // 2) * N + ni * (N // 2))
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(
            a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, asc.LayoutMode.NORMAL),
            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, asc.LayoutMode.NORMAL),
            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, False, asc.LayoutMode.NORMAL))
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_batch(c_gm, 2, 2, False)
        mm.end()

    a, b = _operands(2, 2, seed=5)
    c = np.zeros((2, M, N), np.float32)
    tiling = asc.adv.TCubeTiling(used_core_num=4, m=M, n=N, k_a=K, k_b=K, single_core_m=M // 2,
                                 single_core_n=N // 2, single_core_k=K, base_m=M // 2, base_n=N // 2, base_k=K)
    report = blocks[4](a, b, c, WS, tiling, kernel_type="KernelType.MIX_AIC_1_1")
    af, bf = a.astype(np.float32), b.astype(np.float32)
    np.testing.assert_array_equal(c, np.stack([af[0] @ bf[0], af[1] @ bf[1]]))
    assert report.findings == []
