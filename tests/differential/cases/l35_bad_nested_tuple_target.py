"""Language, rejected: a nested tuple as an assignment target; CANN's tracer assigns a name or a tuple of names only."""

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
    (rows, cols), count = (4, 64), 256
    asc.data_copy(t, x_gm, count)
    asc.data_copy(x_gm, t, rows * cols)


def launch():
    kernel[1](np.zeros(1024, np.float32), 8)
