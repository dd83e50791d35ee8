"""Point 11, rejected: `with` over an object that is no context manager (a TPipe)."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    with asc.TPipe() as pipe:
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf, 256)


def launch():
    kernel[1](np.zeros(64, np.float32))
