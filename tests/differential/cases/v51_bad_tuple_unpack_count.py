"""Three names unpacking a helper's two results held in a name: CANN's tracer rejects the count."""

import asc
import numpy as np

N = 256


@asc.jit
def pair(i: int):
    return i * 64, i * 64 + 64


@asc.jit
def count_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 256)
    p = pair(asc.get_block_idx())
    a, b, c = p
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[a:], 64)
    asc.data_copy(y_gm[b:], t, c)
    q.free_tensor(t)


def launch():
    count_kernel[1](np.zeros(N, np.float32), np.zeros(N, np.float32))
