"""Point 3, rejected: a Python int (`offset = 0`) re-bound inside a loop body to a loop-carried value.

CANN's tracer builds the loop but its passes fail on it ("Failed to run passes"); `offset = n * 0` works.
"""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 512)
    t = buf.get(asc.float32)
    offset = 0
    for i in range(n):
        asc.data_copy(t, x_gm[i * 128:], 128)
        offset = offset + 128
    asc.data_copy(x_gm[offset:], t, 128)


def launch():
    kernel[1](np.zeros(1024, np.float32), 8)
