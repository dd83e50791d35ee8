"""Point 2, rejected: `for` over a tuple of constants; CANN's loops are over range()/asc.range/static_range."""

import asc
import numpy as np

FACTORS = (1.0, 2.0)


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 64)
    for factor in FACTORS:
        asc.muls(t, t, factor, 64)
    asc.data_copy(x_gm, t, 64)


def launch():
    kernel[1](np.zeros(64, np.float32))
