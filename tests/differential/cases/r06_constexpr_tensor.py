"""Point 6, rejected: a ConstExpr parameter given an array at launch (a ConstExpr must be a Python value)."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, n * 4)


def launch():
    x = np.zeros(64, np.float32)
    kernel[1](x, x)
