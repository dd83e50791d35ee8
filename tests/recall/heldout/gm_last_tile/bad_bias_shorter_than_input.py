"""z = x + y where y (half of x's length) repeats over x's two halves; the loop reads y at the same tile offset
as x, so from tile TILES // 2 on it runs past y's GlobalTensor; the twin wraps the offset."""

import asc
import numpy as np

TILE = 128
TILES = 4


@asc.jit
def bias_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE * TILES)
    y_gm.set_global_buffer(y, TILE * TILES // 2)
    z_gm.set_global_buffer(z, TILE * TILES)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qy = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qx, 1, TILE * 4)
    pipe.init_buffer(qy, 1, TILE * 4)
    pipe.init_buffer(qz, 1, TILE * 4)
    for i in range(TILES):
        a = qx.alloc_tensor(asc.float32)
        b = qy.alloc_tensor(asc.float32)
        asc.data_copy(a, x_gm[i * TILE:], TILE)
        asc.data_copy(b, y_gm[i * TILE:], TILE)  # expect: gm_last_tile
        qx.enque(a)
        qy.enque(b)
        a = qx.deque(asc.float32)
        b = qy.deque(asc.float32)
        c = qz.alloc_tensor(asc.float32)
        asc.add(c, a, b, TILE)
        qz.enque(c)
        qx.free_tensor(a)
        qy.free_tensor(b)
        c = qz.deque(asc.float32)
        asc.data_copy(z_gm[i * TILE:], c, TILE)
        qz.free_tensor(c)


def launch():
    x = np.arange(TILE * TILES, dtype=np.float32)
    y = np.arange(TILE * TILES // 2, dtype=np.float32) * 10
    z = np.zeros_like(x)
    bias_kernel[1](x, y, z)
    return z, x + np.tile(y, 2)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
