"""One enque and two deques of the same queue: the first deque takes the tensor, the second waits forever on the
device (PS106). CANN's tracer accepts it; we report PA503 as an error on the second deque."""

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
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, N)
    q.enque(t)
    u = q.deque(asc.float32)
    asc.muls(u, u, 2.0, N)
    v = q.deque(asc.float32)
    asc.data_copy(y_gm, v, N)
    q.free_tensor(v)


def launch():
    kernel[1](np.ones(N, np.float32), np.zeros(N, np.float32))
