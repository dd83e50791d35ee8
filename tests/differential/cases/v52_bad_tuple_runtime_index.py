"""A held tuple indexed with a run-time value: the tracer indexes the Python list, which needs an int."""

import asc
import numpy as np

N = 256


@asc.jit
def pair(i: int):
    return i * 64, i * 64 + 64


@asc.jit
def index_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, which: int) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 256)
    p = pair(asc.get_block_idx())
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[p[which]:], 64)
    asc.data_copy(y_gm, t, 64)
    q.free_tensor(t)


def launch():
    index_kernel[1](np.zeros(N, np.float32), np.zeros(N, np.float32), 1)
