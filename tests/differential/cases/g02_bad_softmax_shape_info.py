"""asc.adv.SoftMaxShapeInfo (AscendC::SoftMaxShapeInfo) is not bound by CANN's pyasc 1.1.1: its tracer finds no
such class in asc.adv, where we know it by rule from the Ascend C header (an error with cann_version 1.1.1)."""

import asc
import numpy as np

ROWS = 8
COLS = 64


@asc.jit
def shape_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, tiling: asc.adv.SoftmaxTiling) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, ROWS * COLS)
    y_gm.set_global_buffer(y, ROWS * COLS)
    pipe = asc.TPipe()
    q_src = asc.TQue(asc.TPosition.VECIN, 1)
    q_dst = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_src, 1, ROWS * COLS * 4)
    pipe.init_buffer(q_dst, 1, ROWS * COLS * 4)
    shape = asc.adv.SoftMaxShapeInfo(ROWS, COLS, ROWS, COLS)  # noqa: F841
    src = q_src.alloc_tensor(asc.float32)
    asc.data_copy(src, x_gm, ROWS * COLS)
    q_src.enque(src)
    src = q_src.deque(asc.float32)
    dst = q_dst.alloc_tensor(asc.float32)
    asc.adds(dst, src, 1.0, ROWS * COLS)
    q_dst.enque(dst)
    q_src.free_tensor(src)
    dst = q_dst.deque(asc.float32)
    asc.data_copy(y_gm, dst, ROWS * COLS)
    q_dst.free_tensor(dst)


def launch():
    tiling = asc.adv.SoftmaxTiling(src_m=ROWS, src_k=COLS)
    x = np.zeros(ROWS * COLS, np.float32)
    shape_kernel[1](x, np.zeros_like(x), tiling)
