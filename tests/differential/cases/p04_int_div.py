"""Point 4: `/` between run-time integers divides integers, as CANN's tracer does."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 2048)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, n / 2)
    asc.adds(t, t, 1.0, n / 2)
    asc.data_copy(x_gm, t, n / 2)


def launch():
    kernel[1](np.zeros(512, np.float32), 512)
