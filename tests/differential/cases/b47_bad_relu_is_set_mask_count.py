"""CANN rejects: asc.relu(ia, ib, N, True) on float32 tensors (relu is set mask count)."""

import asc
import numpy as np

N = 128


@asc.jit
def bad_kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    pipe = asc.TPipe()
    buf_a = asc.TBuf(asc.TPosition.VECCALC)
    buf_b = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf_a, N * 4)
    pipe.init_buffer(buf_b, N * 4)
    ia = buf_a.get(asc.float32)
    ib = buf_b.get(asc.float32)
    asc.relu(ia, ib, N, True)


def launch():
    bad_kernel[1](np.zeros(N, np.float32))
