"""Point 2: a module constant from `math` of constants: `1 / math.sqrt(2)`."""

import math

import asc
import numpy as np

INV_SQRT2 = 1 / math.sqrt(2)


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 512)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 128)
    asc.muls(t, t, INV_SQRT2, 128)
    asc.data_copy(x_gm, t, 128)


def launch():
    kernel[1](np.zeros(128, np.float32))
