"""fwk.TPipe.init_buffer, rejected: a LocalTensor given where the queue goes."""

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
    pipe.init_buffer(t, 1, N * 4)
    q.free_tensor(t)


def launch():
    x = np.zeros(N, np.float32)
    kernel[1](x, np.zeros_like(x), N)
