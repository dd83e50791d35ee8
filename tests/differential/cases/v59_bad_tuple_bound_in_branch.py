"""A tuple bound inside a run-time branch and read after it: CANN's tracer binds the Python value for that body
only (NameError after it)."""

import asc
import numpy as np

N = 256


@asc.jit
def after_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 256)
    start = asc.get_block_idx() * 64
    if n > 2:
        span = (start, 64)
    else:
        span = (start, 32)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[span[0]:], 64)
    asc.data_copy(y_gm, t, 64)
    q.free_tensor(t)


def launch():
    after_kernel[1](np.zeros(N, np.float32), np.zeros(N, np.float32), 3)
