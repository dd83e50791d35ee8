"""Language: int() and float() of compile-time values (computed by the tracer), asc.number to make run-time scalars
of a chosen dtype from parameters and literals."""

import asc
import numpy as np

RATIO = 2.75


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    count = int(RATIO * 64)
    scale = float(3)
    nf = asc.number(n, asc.float32)
    asc.data_copy(t, x_gm, count)
    asc.muls(t, t, scale, count)
    asc.adds(t, t, nf, count)
    asc.data_copy(x_gm, t, count)


def launch():
    kernel[1](np.zeros(1024, np.float32), 7)
