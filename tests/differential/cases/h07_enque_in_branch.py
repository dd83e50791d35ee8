"""The enque is under an if on a run-time value, the deque after it: only some paths enqueue, so the deque may wait
forever. CANN's tracer accepts it; we warn (PA503), no error; this launch takes the branch, so it runs clean."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, N)
    if n > 0:
        q.enque(t)
    u = q.deque(asc.float32)
    asc.data_copy(y_gm, u, N)
    q.free_tensor(u)


def launch():
    kernel[1](np.ones(N, np.float32), np.zeros(N, np.float32), 1)
