"""Language: a run-time loop counting down with a negative step; CANN's tracer compiles it as i < stop, so it runs
zero times and its compiler removes it (PA707 warns).  The same order counting up is the working form."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    for i in range(3, -1, -1):
        asc.data_copy(t[i * 64:], x_gm[i * 64:], 64)
    for k in range(4):
        i = 3 - k
        asc.data_copy(t[i * 64:], x_gm[i * 64:], 64)
    asc.data_copy(x_gm, t, 256)


def launch():
    kernel[1](np.zeros(1024, np.float32))
