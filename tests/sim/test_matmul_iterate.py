"""Matmul.iterate one base block at a time (CANN's `with mm.iterate() as count:`), with tail blocks, in both
iteration orders, and the races between a mixed kernel's vector core and the cube core serving its Matmul."""

from __future__ import annotations

import numpy as np
import pytest

import pyasc as asc
from pyasc.sim import loopform

ROWS, K, N = 48, 24, 40  # per vector core: 48 x 40 of C, in base blocks of 32 x 16 (tails 16 rows, 8 columns)
BASE_M, BASE_N = 32, 16


@asc.jit
def blocks_relu(a: asc.GlobalAddress, b: asc.GlobalAddress, y: asc.GlobalAddress, workspace: asc.GlobalAddress,
                tiling: asc.adv.TCubeTiling):
    """y = relu(A @ B) - 1, block by block: each block lands in a Unified Buffer tensor as [base_m, base_n] rows."""
    idx = asc.get_block_idx()
    single_m = tiling.single_core_m
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a + idx * single_m * tiling.k_a)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y + idx * single_m * tiling.n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=q, num=2, len=tiling.base_m * tiling.base_n * 4)
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        c=asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    m_blocks = tiling.single_core_m.ceildiv(tiling.base_m)
    n_blocks = tiling.single_core_n.ceildiv(tiling.base_n)
    with mm.iterate() as count:
        t = q.alloc_tensor(asc.float32)
        mm.get_tensor_c(t, en_sequential_write=True)
        asc.relu(t, t, count=tiling.base_m * tiling.base_n)
        asc.adds(t, t, -1.0, count=tiling.base_m * tiling.base_n)
        q.enque(t)
        t = q.deque(asc.float32)
        if tiling.iterate_order == 0:
            mi = count % m_blocks
            ni = count // m_blocks
        else:
            mi = count // n_blocks
            ni = count % n_blocks
        rows = min(tiling.base_m, tiling.single_core_m - mi * tiling.base_m)
        cols = min(tiling.base_n, tiling.single_core_n - ni * tiling.base_n)
        params = asc.DataCopyParams(block_count=rows, block_len=cols * 4 // 32,
                                    src_stride=(tiling.base_n - cols) * 4 // 32,
                                    dst_stride=(tiling.n - cols) * 4 // 32)
        asc.data_copy(y_gm[mi * tiling.base_m * tiling.n + ni * tiling.base_n:], t, repeat_params=params)
        q.free_tensor(t)
    mm.end()


@asc.jit
def blocks_to_gm(a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress,
                 workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    """C = A @ B + bias, each block written by get_tensor_c at its place in GM."""
    idx = asc.get_block_idx()
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a + idx * tiling.single_core_m * tiling.k_a)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b)
    bias_gm = asc.GlobalTensor()
    bias_gm.set_global_buffer(bias)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c + idx * tiling.single_core_m * tiling.n)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
                        bias=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.set_bias(bias_gm)
    with mm.iterate():
        mm.get_tensor_c(c_gm)
    mm.end()


def _data(blocks: int):
    rng = np.random.default_rng(11)
    m = ROWS * 2 * blocks
    a = rng.integers(-3, 4, (m, K)).astype(np.float16)
    b = rng.integers(-3, 4, (K, N)).astype(np.float16)
    return a, b


def _tiling(m: int, order: int = 0):
    return asc.adv.TCubeTiling(used_core_num=m // ROWS, m=m, n=N, k_a=K, k_b=K, single_core_m=ROWS,
                               single_core_n=N, single_core_k=K, base_m=BASE_M, base_n=BASE_N, base_k=K,
                               iterate_order=order)


@pytest.mark.parametrize("order", [0, 1])
@pytest.mark.parametrize("blocks", [1, 2])
def test_iterate_computes_each_base_block_with_its_tails_in_the_tilings_order(order, blocks):
    a, b = _data(blocks)
    y = np.full((a.shape[0], N), 77.0, np.float32)
    ws = np.zeros(1 << 16, np.uint8)
    report = blocks_relu[blocks](a, b, y, ws, _tiling(a.shape[0], order))
    expected = np.maximum(a.astype(np.float32) @ b.astype(np.float32), 0) - 1
    np.testing.assert_array_equal(y, expected)
    assert report.findings == []


def test_get_tensor_c_into_gm_places_each_block_and_adds_the_bias():
    a, b = _data(1)
    bias = np.arange(N, dtype=np.float32)[None, :] - 20
    c = np.zeros((a.shape[0], N), np.float32)
    ws = np.zeros(1 << 16, np.uint8)
    report = blocks_to_gm[1](a, b, bias, c, ws, _tiling(a.shape[0]))
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32) + bias)
    assert report.findings == []


def test_the_with_form_becomes_a_loop_that_keeps_the_users_lines():
    fn = loopform.loop_form(blocks_to_gm.fn)
    assert fn is not blocks_to_gm.fn

    def lines(f):  # the statements' lines (the first is the def's, or its decorator's)
        return {ln for *_, ln in f.__code__.co_lines() if ln} - {f.__code__.co_firstlineno}

    assert lines(fn) == lines(blocks_to_gm.fn) and len(lines(fn)) == 21  # each where the user wrote it
    assert loopform.loop_form(_data) is _data  # no iterate: unchanged


def test_nested_kernels_keep_their_closure():
    def make(scale: float):
        @asc.jit
        def scaled(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, y: asc.GlobalAddress,
                   workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
            a_gm = asc.GlobalTensor()
            a_gm.set_global_buffer(a)
            b_gm = asc.GlobalTensor()
            b_gm.set_global_buffer(b)
            c_gm = asc.GlobalTensor()
            c_gm.set_global_buffer(c)
            y_gm = asc.GlobalTensor()
            y_gm.set_global_buffer(y)
            pipe = asc.TPipe()
            mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                                b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                                c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
            asc.adv.register_matmul(pipe, workspace, mm, tiling)
            mm.set_tensor_a(a_gm)
            mm.set_tensor_b(b_gm)
            with mm.iterate() as count:
                mm.get_tensor_c(c_gm)
                y_gm.set_value(count, count * scale)

        return scaled

    a, b = _data(1)
    a = a[:ROWS]
    c = np.zeros((ROWS, N), np.float32)
    y = np.zeros(8, np.float32)
    tiling = _tiling(ROWS)
    make(2.5)[1](a, b, c, y, np.zeros(1 << 16, np.uint8), tiling, kernel_type="KernelType.MIX_AIC_1_1")
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))
    assert y.tolist() == [0.0, 2.5, 5.0, 7.5, 10.0, 12.5, 0.0, 0.0]  # 2 x 3 blocks


def _race_kernel(barrier: bool, sync: bool, wait: bool):
    @asc.jit
    def prep_then_mm(x: asc.GlobalAddress, a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                     workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
        """The vector core writes A (x + 1) to GM, the Matmul reads it, the vector core reads C back."""
        x_gm = asc.GlobalTensor()
        x_gm.set_global_buffer(x)
        a_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a)
        b_gm = asc.GlobalTensor()
        b_gm.set_global_buffer(b)
        c_gm = asc.GlobalTensor()
        c_gm.set_global_buffer(c)
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(que=q, num=1, len=ROWS * N * 4)
        q_out = asc.TQue(asc.TPosition.VECOUT, 1)
        pipe.init_buffer(que=q_out, num=1, len=ROWS * K * 2)
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        if asc.get_sub_block_idx() == 0:
            t = q.alloc_tensor(asc.float16)
            asc.data_copy(t, x_gm, count=ROWS * K)
            q.enque(t)
            t = q.deque(asc.float16)
            o = q_out.alloc_tensor(asc.float16)
            asc.adds(o, t, 1.0, count=ROWS * K)
            q.free_tensor(t)
            q_out.enque(o)
            o = q_out.deque(asc.float16)
            asc.data_copy(a_gm, o, count=ROWS * K)
            q_out.free_tensor(o)
            if barrier:
                asc.pipe_barrier(asc.PipeID.PIPE_ALL)
            mm.set_tensor_a(a_gm)
            mm.set_tensor_b(b_gm)
            mm.iterate_all(c_gm, sync=sync)
            if wait:
                mm.wait_iterate_all()
            r = q.alloc_tensor(asc.float32)
            asc.data_copy(r, c_gm, count=ROWS * N)
            q.free_tensor(r)
        mm.end()

    return prep_then_mm


def _race_run(barrier: bool, sync: bool = True, wait: bool = False):
    a, b = _data(1)
    x = a[:ROWS].copy()
    a_out = np.zeros_like(x)
    c = np.zeros((ROWS, N), np.float32)
    with asc.sim.collect() as report:
        _race_kernel(barrier, sync, wait)[1](x, a_out, b, c, np.zeros(1 << 16, np.uint8), _tiling(ROWS))
    return report, x, b, c


def test_a_vector_write_the_cube_core_reads_unsynchronized_is_a_race_at_the_users_lines():
    report, *_ = _race_run(barrier=False)
    races = [f for f in report.findings if f.kind == "race"]
    assert len(races) == 1
    f = races[0]
    assert f.severity == "error" and f.unit == "AIV" and f.core == 0
    assert "Matmul A on pipe AIC MTE2 may read GM 'a'" in f.message and "pipe_barrier" in f.message
    with open(__file__, encoding="utf-8") as fh:
        where = {text.strip(): ln for ln, text in enumerate(fh, 1)}
    assert f.line == where["mm.iterate_all(c_gm, sync=sync)"]
    assert f.related[0][1:] == (__file__, where["asc.data_copy(a_gm, o, count=ROWS * K)"])
    assert f.related[0][0] == "MTE3 wrote it here"


def test_synchronized_cube_and_vector_sides_have_no_finding():
    report, x, b, c = _race_run(barrier=True)
    assert report.findings == []
    np.testing.assert_array_equal(c, (x.astype(np.float32) + 1) @ b.astype(np.float32))
    report, *_ = _race_run(barrier=True, sync=False, wait=True)
    assert report.findings == []


def test_reading_c_before_an_asynchronous_iterate_all_ends_is_a_race():
    report, *_ = _race_run(barrier=True, sync=False)
    races = [f for f in report.findings if f.kind == "race"]
    assert len(races) == 1 and races[0].severity == "error"
    assert "data_copy on pipe MTE2 may read GM 'c'" in races[0].message
    assert "wait_iterate_all" in races[0].message and races[0].related[0][0] == "AIC FIX wrote it here"


def test_a_local_c_matrix_on_a_vector_core_computes_nothing_and_says_so():
    @asc.jit
    def partial(workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
        pipe = asc.TPipe()
        t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        mm = asc.adv.Matmul(a=t, b=t, c=t)
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        co1 = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.CO1, addr=0, tile_size=256)
        for _ in mm.iterate(False, True, co1):
            pass

    with asc.sim.collect() as report:
        partial[1](np.zeros(64, np.uint8), _tiling(ROWS))
    assert [(f.code, f.severity) for f in report.findings] == [("PS109", "warning")]  # both cores: one finding
    assert "local_c_matrix computes nothing on a mixed kernel's vector core" in report.findings[0].message


def _order_kernel(config):
    @asc.jit
    def in_order(a: asc.GlobalAddress, b: asc.GlobalAddress, out: asc.GlobalAddress, workspace: asc.GlobalAddress,
                 tiling: asc.adv.TCubeTiling):
        """Block `count` goes to out[count * base_m * base_n:] as [base_m, base_n] rows."""
        a_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a)
        b_gm = asc.GlobalTensor()
        b_gm.set_global_buffer(b)
        out_gm = asc.GlobalTensor()
        out_gm.set_global_buffer(out)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
                            matmul_config=config())
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        with mm.iterate() as count:
            mm.get_tensor_c(out_gm[count * tiling.base_m * tiling.base_n:], en_sequential_write=True)

    return in_order


@pytest.mark.parametrize(("config", "second"), [
    (asc.adv.MatmulConfig, (1, 0)),  # iterate_order UNDEF: the tiling's (0: along M first)
    (lambda: asc.adv.get_normal_config(iterate_order=asc.IterateOrder.ORDER_N), (0, 1)),
    (lambda: asc.adv.get_mm_config(asc.MatmulConfigMode.CONFIG_NORM,
                                   asc.adv.MatmulFuncParams(iterate_order=asc.IterateOrder.ORDER_N)), (0, 1)),
])
def test_the_matmul_config_decides_the_order(config, second):
    a, b = _data(1)
    a = a[:ROWS]
    out = np.zeros((6, BASE_M, BASE_N), np.float32)
    _order_kernel(config)[1](a, b, out, np.zeros(1 << 16, np.uint8), _tiling(ROWS),
                             kernel_type="KernelType.MIX_AIC_1_1")
    c = a.astype(np.float32) @ b.astype(np.float32)
    i, j = second
    block = c[i * BASE_M:(i + 1) * BASE_M, j * BASE_N:(j + 1) * BASE_N]
    np.testing.assert_array_equal(out[1, :block.shape[0]], block)
    np.testing.assert_array_equal(out[0], c[:BASE_M, :BASE_N])


@asc.jit
def blocks_in_place_local(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                          workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, rows_held: int):
    """get_tensor_c without en_sequential_write into a Unified Buffer tensor of `rows_held` rows of C."""
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, ROWS * N * 4)
    t = buf.get_with_offset(rows_held * N, 0, asc.float32)
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        c=asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    with mm.iterate():
        mm.get_tensor_c(t)
    mm.end()
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(c_gm, t, rows_held * N)


def test_get_tensor_c_in_place_into_a_local_tensor_needs_room_for_the_whole_c():
    """Ascend C writes each block at its place in the single-core C ([48, 40], row stride 40) without
    en_sequential_write: a tensor of the whole C receives C; one of a base block's size is written past."""
    a, b = _data(1)
    a = a[:ROWS]
    tiling = _tiling(ROWS)
    c = np.zeros((ROWS, N), np.float32)
    report = blocks_in_place_local[1](a, b, c, np.zeros(1 << 12, np.uint8), tiling, ROWS,
                                      kernel_type="KernelType.MIX_AIC_1_1")
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))
    assert [f for f in report.findings if f.severity != "note"] == []
    with asc.sim.collect() as report:
        blocks_in_place_local[1](a, b, np.zeros((ROWS, N), np.float32), np.zeros(1 << 12, np.uint8), tiling, 20,
                                 kernel_type="KernelType.MIX_AIC_1_1")
    errs = [f for f in report.findings if f.severity == "error"]
    assert errs[0].code == "PS102"
    assert errs[0].message == (
        "Matmul.get_tensor_c without en_sequential_write writes the block at its place in the single-core C "
        "[48, 40] (elements [0, 1256) here), and this float32 LocalTensor holds 800: pass en_sequential_write=True "
        "for the [base_m, base_n] block at the tensor's start, or a tensor of 1920 elements")
