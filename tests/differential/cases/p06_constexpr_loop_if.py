"""Point 6: a ConstExpr[int] loop count and a ConstExpr[bool] switch, folded while tracing."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, tiles: asc.ConstExpr[int], negate: asc.ConstExpr[bool]) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, tiles * 64)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float32)
    for i in range(tiles):
        asc.data_copy(t, x_gm[i * 64:], 64)
        if negate:
            asc.muls(t, t, -1.0, 64)
        asc.data_copy(x_gm[i * 64:], t, 64)


def launch():
    kernel[1](np.zeros(256, np.float32), 4, True)
