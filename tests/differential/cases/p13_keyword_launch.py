"""Point 13: launch arguments given by keyword, in another order than the parameters, with matmul_cube_only."""

import asc
import numpy as np


@asc.jit(matmul_cube_only=False)
def kernel(x: asc.GlobalAddress, n: int, scale: float) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, n)
    asc.muls(t, t, scale, n)
    asc.data_copy(x_gm, t, n)


def launch():
    kernel[1](np.zeros(64, np.float32), scale=2.0, n=64)
