"""Point 2: `asc.static_range` unrolls at trace time; `range` over constants stays a loop."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 256)
    for i in asc.static_range(2):
        asc.adds(t[i * 128:], t[i * 128:], 1.0, 128)
    for j in range(2):
        asc.muls(t[j * 128:], t[j * 128:], 2.0, 128)
    asc.data_copy(x_gm, t, 256)


def launch():
    kernel[1](np.zeros(256, np.float32))
