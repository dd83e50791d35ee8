"""alloc_tensor on a queue before pipe.init_buffer gave it memory: CANN's tracer accepts it; on the device the tensor
has no buffer (the simulator stops it, PS107); we report PA506 as an error on the alloc_tensor line."""

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
    t = q.alloc_tensor(asc.float32)
    pipe.init_buffer(q, 1, N * 4)
    asc.data_copy(t, x_gm, N)
    q.enque(t)
    u = q.deque(asc.float32)
    asc.data_copy(y_gm, u, N)
    q.free_tensor(u)


def launch():
    kernel[1](np.ones(N, np.float32), np.zeros(N, np.float32))
