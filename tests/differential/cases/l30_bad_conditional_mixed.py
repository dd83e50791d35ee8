"""Language, rejected: a conditional expression with an int and a float value; CANN's tracer makes one run-time
scalar of it and refuses the two dtypes ("inconsistent result types")."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 64)
    scale = 2 if n > 4 else 0.5
    asc.muls(t, t, scale, 64)
    asc.data_copy(x_gm, t, 64)


def launch():
    kernel[1](np.zeros(1024, np.float32), 8)
