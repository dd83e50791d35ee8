"""Point 2: range with start and step over a run-time bound, and a while loop on a run-time counter."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float32)
    for off in range(0, n, 64):
        asc.data_copy(t, x_gm[off:], 64)
        asc.abs(t, t, 64)
        asc.data_copy(x_gm[off:], t, 64)
    left = n // 64
    while left > 0:
        asc.adds(t, t, 1.0, 64)
        left = left - 1
    asc.data_copy(x_gm, t, 64)


def launch():
    kernel[1](np.zeros(1024, np.float32), 1024)
