"""Point 9: `asc.ceildiv` and `.ceildiv()` on a run-time scalar give the loop counts."""

import asc
import numpy as np

TILE = 128


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    tiles = asc.ceildiv(n, TILE)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, tiles * TILE)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, TILE * 4)
    t = buf.get(asc.float32)
    for i in range(tiles):
        asc.data_copy(t, x_gm[i * TILE:], TILE)
        asc.adds(t, t, 1.0, TILE)
        asc.data_copy(x_gm[i * TILE:], t, TILE)
    blocks = n.ceildiv(TILE)
    asc.data_copy(t, x_gm, blocks * 16)


def launch():
    kernel[1](np.zeros(1024, np.float32), 1000)  # 8 tiles of 128: the last one past n, within the array
