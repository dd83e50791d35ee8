"""asc.adv.softmax_flash_v2 (AscendC::SoftmaxFlashV2) is not bound by CANN's pyasc 1.1.1: its tracer finds no such
name in asc.adv, where we know it by rule from the Ascend C header (an error with cann_version 1.1.1)."""

import asc
import numpy as np

ROWS = 8
COLS = 64


@asc.jit
def flash_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, tiling: asc.adv.SoftmaxTiling) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, ROWS * COLS)
    y_gm.set_global_buffer(y, ROWS * COLS)
    pipe = asc.TPipe()
    q_src = asc.TQue(asc.TPosition.VECIN, 1)
    q_dst = asc.TQue(asc.TPosition.VECOUT, 1)
    stats = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(q_src, 1, ROWS * COLS * 4)
    pipe.init_buffer(q_dst, 1, ROWS * COLS * 4)
    pipe.init_buffer(stats, 3 * ROWS * 32)
    sums = stats.get_with_offset(ROWS * 8, 0, asc.float32)
    maxs = stats.get_with_offset(ROWS * 8, ROWS * 32, asc.float32)
    exp_max = stats.get_with_offset(ROWS * 8, 2 * ROWS * 32, asc.float32)
    src = q_src.alloc_tensor(asc.float32)
    asc.data_copy(src, x_gm, ROWS * COLS)
    q_src.enque(src)
    src = q_src.deque(asc.float32)
    dst = q_dst.alloc_tensor(asc.float32)
    asc.adv.softmax_flash_v2(dst, sums, maxs, src, exp_max, sums, maxs, tiling)
    q_dst.enque(dst)
    q_src.free_tensor(src)
    dst = q_dst.deque(asc.float32)
    asc.data_copy(y_gm, dst, ROWS * COLS)
    q_dst.free_tensor(dst)


def launch():
    tiling = asc.adv.SoftmaxTiling(src_m=ROWS, src_k=COLS, src_size=ROWS * COLS, out_max_m=ROWS, out_max_k=8,
                                   out_max_size=ROWS * 8, split_m=ROWS, split_k=COLS, split_size=ROWS * COLS,
                                   reduce_m=ROWS, reduce_k=8, reduce_size=ROWS * 8, range_m=1, tail_m=0,
                                   tail_split_size=0, tail_reduce_size=0)
    x = np.zeros(ROWS * COLS, np.float32)
    flash_kernel[1](x, np.zeros_like(x), tiling)
