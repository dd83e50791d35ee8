"""Point 3, rejected: inside an `if` on a run-time value a name is re-bound to another type."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    scale = n
    if n > 4:
        scale = 0.5
    asc.muls(t, t, scale, 256)
    asc.data_copy(x_gm, t, 256)


def launch():
    kernel[1](np.zeros(256, np.float32), 8)
