"""Language, rejected: a Python int re-bound in one branch only of an if on a run-time condition; CANN's tracer
cannot merge the constant with the other branch ("Failed to run passes")."""

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
    count = 64
    if n > 128:
        count = 128
    asc.data_copy(t, x_gm, count)
    asc.data_copy(x_gm, t, count)


def launch():
    kernel[1](np.zeros(1024, np.float32), 256)
