"""Language: `and`/`or` of a module constant and a run-time comparison: a run-time condition of known value in
CANN's tracer, whose compiler keeps only the branch taken (both branches are still traced and checked)."""

import asc
import numpy as np

DEBUG = False
FAST = True


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 64)
    if DEBUG and n > 2:
        asc.adds(t, t, 1.0, 64)
    else:
        asc.muls(t, t, 3.0, 64)
    if n > 2 or FAST:
        asc.abs(t, t, 64)
    else:
        asc.exp(t, t, 64)
    asc.data_copy(x_gm, t, 64)


def launch():
    kernel[1](np.zeros(1024, np.float32), 8)
