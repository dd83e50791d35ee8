"""Point 2, rejected: a function of `math` referenced in a kernel (CANN: Unsupported function referenced); the
same value as a module constant is fine (p02_math_sqrt)."""

import math

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 64)
    asc.muls(t, t, math.sqrt(2.0), 64)
    asc.data_copy(x_gm, t, 64)


def launch():
    kernel[1](np.zeros(64, np.float32))
