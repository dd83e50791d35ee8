"""Point 2: module constants use min/max/abs/round freely (plain Python, evaluated before any tracing)."""

import asc
import numpy as np

TILE = min(256, max(64, abs(-128)))
REPEAT = round(TILE / 64)


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, TILE * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, TILE)
    asc.adds(t, t, 1.0, 64 * REPEAT)
    asc.data_copy(x_gm, t, TILE)


def launch():
    kernel[1](np.zeros(TILE, np.float32))
