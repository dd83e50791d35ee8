"""A helper whose loop copies tiles in and scales each: each tile is enqueued and dequeued in the loop."""

import asc
import numpy as np

TILE = 64
TILES = 4


@asc.jit
def scale_tiles(t: asc.LocalTensorAuto, o: asc.LocalTensorAuto, src: asc.GlobalTensor, dst: asc.GlobalTensor) -> None:
    for i in range(TILES):
        asc.data_copy(t, src[i * TILE:], TILE)
        asc.muls(o, t, 3.0, TILE)
        asc.data_copy(dst[i * TILE:], o, TILE)


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE * TILES)
    z_gm.set_global_buffer(z, TILE * TILES)
    t = asc.LocalTensorAuto(asc.float32, TILE)
    o = asc.LocalTensorAuto(asc.float32, TILE)
    scale_tiles(t, o, x_gm, z_gm)


def launch():
    x = np.arange(TILE * TILES, dtype=np.float32)
    kernel[1](x, np.zeros_like(x))
