"""Point 3: in straight-line code a name is re-bound to a value of another type (a new variable)."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n * 2)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    value = n * 2
    asc.data_copy(t, x_gm, value)
    value = 1.5
    asc.muls(t, t, value, 256)
    asc.data_copy(x_gm, t, 256)


def launch():
    kernel[1](np.zeros(256, np.float32), 128)
