"""Point 6: a ConstExpr[float] scalar operand and a ConstExpr[int] count."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, alpha: asc.ConstExpr[float], n: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, n * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, n)
    asc.leaky_relu(t, t, alpha, n)
    asc.data_copy(x_gm, t, n)


def launch():
    kernel[1](np.zeros(256, np.float32), 0.1, 256)
