"""Language: arithmetic and comparisons between run-time scalars of different dtypes and Python numbers; CANN's
tracer computes each in the dtype of its first run-time operand (a float read from a tensor first gives a float,
an int parameter first gives an int)."""

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
    asc.data_copy(t, x_gm, 256)
    peak = t.get_value(0)
    scaled = peak * n + 0.5
    rows = n * 2 + 1
    if peak > n:
        asc.muls(t, t, scaled, 256)
    if rows >= 3:
        asc.adds(t, t, peak - n, rows * 32)
    asc.data_copy(x_gm, t, 256)


def launch():
    kernel[1](np.zeros(1024, np.float32), 2)
