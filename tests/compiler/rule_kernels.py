"""Our kernels using the five APIs CANN's pyasc 1.1.1 does not bind, which the language knows by rule from the Ascend
C headers: softmax_flash_v2 over two tiles of rows (the running max and sum carried from the first to the second),
SoftMaxShapeInfo, SoftmaxConfig, pipe.init_buffer(buf=..., len=...) and swiglu. Read by the analysis, the C++ checks
and the simulator tests (tests/compiler/test_rule_apis.py, tests/toolchain/test_rule_apis_cpp.py,
tests/sim/test_rule_apis.py)."""

import asc
import numpy as np

ROWS = 8
COLS = 64
BLK = 8  # floats per 32-byte block: one block per row for sum and max


@asc.jit
def flash_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, s: asc.GlobalAddress, m: asc.GlobalAddress,
                 tiling: asc.adv.SoftmaxTiling) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    s_gm = asc.GlobalTensor()
    m_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 2 * ROWS * COLS)
    y_gm.set_global_buffer(y, 2 * ROWS * COLS)
    s_gm.set_global_buffer(s, ROWS * BLK)
    m_gm.set_global_buffer(m, ROWS * BLK)
    pipe = asc.TPipe()
    q_src = asc.TQue(asc.TPosition.VECIN, 1)
    q_dst = asc.TQue(asc.TPosition.VECOUT, 1)
    stats = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(q_src, 1, ROWS * COLS * 4)
    pipe.init_buffer(q_dst, 1, ROWS * COLS * 4)
    pipe.init_buffer(buf=stats, len=3 * ROWS * BLK * 4)
    sums = stats.get_with_offset(ROWS * BLK, 0, asc.float32)
    maxs = stats.get_with_offset(ROWS * BLK, ROWS * BLK * 4, asc.float32)
    exp_max = stats.get_with_offset(ROWS * BLK, 2 * ROWS * BLK * 4, asc.float32)
    shape = asc.adv.SoftMaxShapeInfo(ROWS, COLS, ROWS, COLS)
    config = asc.adv.SoftmaxConfig(is_check_tiling=False)
    for tile in range(2):
        src = q_src.alloc_tensor(asc.float32)
        asc.data_copy(src, x_gm[tile * ROWS * COLS:], ROWS * COLS)
        q_src.enque(src)
        src = q_src.deque(asc.float32)
        dst = q_dst.alloc_tensor(asc.float32)
        if tile == 0:
            asc.adv.softmax_flash_v2(dst, sums, maxs, src, exp_max, sums, maxs, tiling, shape, is_update=False)
        else:
            asc.adv.softmax_flash_v2(dst, sums, maxs, src, exp_max, sums, maxs, tiling, shape, is_update=True,
                                     config=config)
        q_dst.enque(dst)
        q_src.free_tensor(src)
        dst = q_dst.deque(asc.float32)
        asc.data_copy(y_gm[tile * ROWS * COLS:], dst, ROWS * COLS)
        q_dst.free_tensor(dst)
    asc.data_copy(s_gm, sums, ROWS * BLK)
    asc.data_copy(m_gm, maxs, ROWS * BLK)


N = 256


@asc.jit
def swiglu_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, out: asc.GlobalAddress) -> None:
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    o_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, N)
    b_gm.set_global_buffer(b, N)
    o_gm.set_global_buffer(out, N)
    pipe = asc.TPipe()
    q_a = asc.TQue(asc.TPosition.VECIN, 1)
    q_b = asc.TQue(asc.TPosition.VECIN, 1)
    q_o = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_a, 1, N * 4)
    pipe.init_buffer(q_b, 1, N * 4)
    pipe.init_buffer(q_o, 1, N * 4)
    xa = q_a.alloc_tensor(asc.float32)
    xb = q_b.alloc_tensor(asc.float32)
    asc.data_copy(xa, a_gm, N)
    asc.data_copy(xb, b_gm, N)
    q_a.enque(xa)
    q_b.enque(xb)
    xa = q_a.deque(asc.float32)
    xb = q_b.deque(asc.float32)
    yo = q_o.alloc_tensor(asc.float32)
    asc.adv.swiglu(yo, xa, xb, 1.5, N)
    q_o.enque(yo)
    q_a.free_tensor(xa)
    q_b.free_tensor(xb)
    yo = q_o.deque(asc.float32)
    asc.data_copy(o_gm, yo, N)
    q_o.free_tensor(yo)


def launch():
    tiling = asc.adv.SoftmaxTiling(src_m=ROWS, src_k=COLS, src_size=ROWS * COLS, out_max_m=ROWS, out_max_k=BLK,
                                   out_max_size=ROWS * BLK, split_m=ROWS, split_k=COLS, split_size=ROWS * COLS,
                                   reduce_m=ROWS, reduce_k=BLK, reduce_size=ROWS * BLK, range_m=1, tail_m=0,
                                   tail_split_size=0, tail_reduce_size=0)
    x = np.random.default_rng(0).standard_normal(2 * ROWS * COLS).astype(np.float32)
    flash_kernel[1](x, np.zeros_like(x), np.zeros(ROWS * BLK, np.float32), np.zeros(ROWS * BLK, np.float32), tiling)
    a = np.random.default_rng(1).standard_normal(N).astype(np.float32)
    swiglu_kernel[1](a, a.copy(), np.zeros_like(a))
