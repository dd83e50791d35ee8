"""Language, rejected: a conditional expression on a module constant used as an asc.static_range bound; the tracer
makes it a run-time value even though the condition is constant, and static_range needs a Python int."""

import asc
import numpy as np

WIDE = True


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    tiles = 4 if WIDE else 2
    for k in asc.static_range(tiles):
        asc.data_copy(t, x_gm[k * 64:], 64)
        asc.data_copy(x_gm[k * 64:], t, 64)


def launch():
    kernel[1](np.zeros(1024, np.float32))
