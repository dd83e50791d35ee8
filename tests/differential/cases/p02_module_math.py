"""Point 2: module constants computed from pure expressions, math of constants included."""

import math

import asc
import numpy as np

INV_SQRT2 = 1 / math.sqrt(2)
BLOCKS = max(2, 4 // 2)
LENGTH = 2**7 * BLOCKS


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, LENGTH)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, LENGTH * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, LENGTH)
    asc.muls(t, t, INV_SQRT2, LENGTH)
    asc.data_copy(x_gm, t, LENGTH)


def launch():
    kernel[1](np.zeros(LENGTH, np.float32))
