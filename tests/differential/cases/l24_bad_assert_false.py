"""Language, rejected: an assert on module constants that is false; the tracer fails with its message."""

import asc
import numpy as np

TILE = 96


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    assert TILE % 64 == 0, f"TILE={TILE} must be a multiple of 64"
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, TILE * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, TILE)
    asc.data_copy(x_gm, t, TILE)


def launch():
    kernel[1](np.zeros(TILE, np.float32))
