"""Item assignment on a tuple built in the kernel: a Python tuple has none (CANN's tracer fails on it)."""

import asc
import numpy as np

N = 256


@asc.jit
def assign_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 256)
    span = (asc.get_block_idx() * 64, 64)
    span[0] = 0
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[span[0]:], span[1])
    asc.data_copy(y_gm, t, 64)
    q.free_tensor(t)


def launch():
    assign_kernel[1](np.zeros(N, np.float32), np.zeros(N, np.float32))
