"""CANN's tracer accepts a deque from a queue no enque reaches: the device waits forever there (the simulator stops
it, PS106); we report PA503 as an error on the deque line."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, N * 4)
    pipe.init_buffer(q_out, 1, N * 4)
    a = q_in.alloc_tensor(asc.float32)
    asc.data_copy(a, x_gm, N)
    q_in.enque(a)
    a = q_in.deque(asc.float32)
    b = q_out.alloc_tensor(asc.float32)
    asc.adds(b, a, 1.0, N)
    q_in.free_tensor(a)
    b = q_out.deque(asc.float32)
    asc.data_copy(y_gm, b, N)
    q_out.free_tensor(b)


def launch():
    kernel[1](np.ones(N, np.float32), np.zeros(N, np.float32))
