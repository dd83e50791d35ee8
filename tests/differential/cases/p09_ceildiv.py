"""Point 9: `asc.ceildiv` and `.ceildiv()` on a run-time scalar give the loop counts."""

import asc
import numpy as np

TILE = 128


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, TILE * 4)
    t = buf.get(asc.float32)
    tiles = asc.ceildiv(n, TILE)
    for i in range(tiles):
        asc.data_copy(t, x_gm[i * TILE:], TILE)
        asc.adds(t, t, 1.0, TILE)
        asc.data_copy(x_gm[i * TILE:], t, TILE)
    halves = n.ceildiv(2)
    asc.data_copy(t, x_gm, halves)


def launch():
    kernel[1](np.zeros(1000, np.float32), 1000)
