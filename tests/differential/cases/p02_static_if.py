"""Point 2: an `if` over compile-time values is resolved while tracing; only the taken branch is emitted."""

import asc
import numpy as np

TILE = 256
USE_RELU = True


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, TILE * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, TILE)
    if USE_RELU:
        asc.relu(t, t, TILE)
    else:
        asc.abs(t, t, TILE)
    if TILE > 512:
        asc.exp(t, t, TILE)
    asc.data_copy(x_gm, t, TILE)


def launch():
    kernel[1](np.zeros(TILE, np.float32))
