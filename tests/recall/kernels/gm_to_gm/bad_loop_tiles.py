"""A loop copies tile after tile from x_gm into z_gm directly (GM to GM, which bisheng rejects); the twin moves
each tile through a queue."""

import asc
import numpy as np

TILE = 128
TILES = 4


@asc.jit
def tile_copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE * TILES)
    z_gm.set_global_buffer(z, TILE * TILES)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(q, 2, TILE * 4)
    for i in range(TILES):
        asc.data_copy(z_gm[i * TILE:], x_gm[i * TILE:], TILE)  # expect: gm_to_gm


def launch():
    x = np.arange(TILE * TILES, dtype=np.int32)
    z = np.zeros_like(x)
    tile_copy_kernel[1](x, z)
    return z, x


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
