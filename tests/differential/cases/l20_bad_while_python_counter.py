"""Language, rejected: a Python int counter (`i = 0`) updated with `+=` in a while loop on a run-time bound; CANN's
tracer materializes the constant inside the loop body and its passes fail ("Failed to run passes")."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 2048)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 512)
    t = buf.get(asc.float32)
    i = 0
    while i < n:
        asc.data_copy(t, x_gm[i * 128:], 128)
        asc.adds(t, t, 1.0, 128)
        asc.data_copy(x_gm[i * 128:], t, 128)
        i += 1


def launch():
    kernel[1](np.zeros(2048, np.float32), 8)
