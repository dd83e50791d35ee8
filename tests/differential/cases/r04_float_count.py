"""Point 4, rejected: a float literal where data_copy takes an integer count."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 512)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 64.5)


def launch():
    kernel[1](np.zeros(128, np.float32))
