"""adv.softmax with a uint8 temp_buffer (positional and keyword) beside the form without one."""

import asc
import numpy as np

ROWS = 8
COLS = 64


@asc.jit
def softmax_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, tiling: asc.adv.SoftmaxTiling) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, ROWS * COLS)
    y_gm.set_global_buffer(y, ROWS * COLS)
    pipe = asc.TPipe()
    q_src = asc.TQue(asc.TPosition.VECIN, 1)
    q_dst = asc.TQue(asc.TPosition.VECOUT, 1)
    q_sum = asc.TQue(asc.TPosition.VECCALC, 1)
    q_max = asc.TQue(asc.TPosition.VECCALC, 1)
    tmp_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(q_src, 1, ROWS * COLS * 4)
    pipe.init_buffer(q_dst, 1, ROWS * COLS * 4)
    pipe.init_buffer(q_sum, 1, ROWS * 32)
    pipe.init_buffer(q_max, 1, ROWS * 32)
    pipe.init_buffer(tmp_buf, 8192)
    src = q_src.alloc_tensor(asc.float32)
    asc.data_copy(src, x_gm, ROWS * COLS)
    q_src.enque(src)
    src = q_src.deque(asc.float32)
    dst = q_dst.alloc_tensor(asc.float32)
    sums = q_sum.alloc_tensor(asc.float32)
    maxs = q_max.alloc_tensor(asc.float32)
    tmp = tmp_buf.get(asc.uint8)
    asc.adv.softmax(dst, sums, maxs, src, tiling, tmp)
    asc.adv.softmax(dst, sums, maxs, src, tiling, temp_buffer=tmp, basic_block=True)
    q_dst.enque(dst)
    q_max.free_tensor(maxs)
    q_sum.free_tensor(sums)
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
    softmax_kernel[1](x, np.zeros_like(x), tiling)
