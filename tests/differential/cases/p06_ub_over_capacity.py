"""Point 6: a buffer past the Unified Buffer's capacity. CANN's tracer accepts it (it checks no capacity); with every
size known the kernel certainly fails on the device, and our capacity check says so with a PA601 error (counted
apart from the false errors: known.py's device-fails)."""

import asc
import numpy as np

TILE = 1024 * 1024


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, TILE * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 64)
    asc.data_copy(x_gm, t, 64)


def launch():
    kernel[1](np.zeros(64, np.float32))
