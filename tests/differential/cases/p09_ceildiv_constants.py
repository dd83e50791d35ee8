"""Point 9: asc.ceildiv of compile-time values (a module constant and a ConstExpr) sizes a loop."""

import asc
import numpy as np

TILE = 96


@asc.jit
def kernel(x: asc.GlobalAddress, total: asc.ConstExpr[int]) -> None:
    tiles = asc.ceildiv(total, TILE)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, tiles * TILE)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, TILE * 4)
    t = buf.get(asc.float32)
    for i in range(tiles):
        asc.data_copy(t, x_gm[i * TILE:], TILE)
        asc.relu(t, t, TILE)
        asc.data_copy(x_gm[i * TILE:], t, TILE)


def launch():
    kernel[1](np.zeros(1056, np.float32), 1000)  # ceildiv(1000, 96) tiles of 96
