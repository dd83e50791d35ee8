"""adv.axpy: half and float, the scalar as a literal and a run-time value, count and temp_buffer by keyword."""

import asc
import numpy as np

N = 512


@asc.jit
def axpy_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, alpha: float) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q_x = asc.TQue(asc.TPosition.VECIN, 1)
    q_y = asc.TQue(asc.TPosition.VECOUT, 1)
    tmp_q = asc.TQue(asc.TPosition.VECCALC, 1)
    pipe.init_buffer(q_x, 1, N * 4)
    pipe.init_buffer(q_y, 1, N * 4)
    pipe.init_buffer(que=tmp_q, num=1, len=8192)
    src = q_x.alloc_tensor(asc.float32)
    asc.data_copy(src, x_gm, N)
    q_x.enque(src)
    src = q_x.deque(asc.float32)
    dst = q_y.alloc_tensor(asc.float32)
    tmp = tmp_q.alloc_tensor(asc.uint8)
    asc.duplicate(dst, 0.0, N)
    asc.adv.axpy(dst, src, 3.0, count=N, temp_buffer=tmp)
    asc.adv.axpy(dst, src, alpha, 256, tmp)
    q_y.enque(dst)
    tmp_q.free_tensor(tmp)
    q_x.free_tensor(src)
    dst = q_y.deque(asc.float32)
    asc.data_copy(y_gm, dst, N)
    q_y.free_tensor(dst)


def launch():
    x = np.zeros(N, np.float32)
    axpy_kernel[1](x, np.zeros_like(x), 0.5)
