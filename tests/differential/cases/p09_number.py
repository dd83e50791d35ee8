"""Point 9: asc.number makes a typed scalar from a Python value."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    factor = asc.number(0.5, asc.float32)
    count = asc.number(64, asc.int32)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, count)
    asc.muls(t, t, factor, count)
    asc.data_copy(x_gm, t, count)


def launch():
    kernel[1](np.zeros(64, np.float32))
