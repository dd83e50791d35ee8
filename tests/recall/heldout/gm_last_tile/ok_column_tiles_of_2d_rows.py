"""Nested asc.static_range loops over the rows and column tiles of an R x W float32 matrix; W is not a multiple
of the column tile, and the last column tile always copies TILE_W, which on the last row runs past the
matrix; the twin copies the W - c * TILE_W that remain."""

import asc
import numpy as np

R = 4
W = 96
TILE_W = 64
COL_TILES = (W + TILE_W - 1) // TILE_W


@asc.jit
def scale_rows_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, R * W)
    z_gm.set_global_buffer(z, R * W)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 2)
    q_out = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(q_in, 2, TILE_W * 4)
    pipe.init_buffer(q_out, 2, TILE_W * 4)
    for r in asc.static_range(R):
        for c in asc.static_range(COL_TILES):
            count = TILE_W
            if c == COL_TILES - 1:
                count = W - c * TILE_W
            off = r * W + c * TILE_W
            a = q_in.alloc_tensor(asc.float32)
            asc.data_copy(a, x_gm[off:], count)
            q_in.enque(a)
            a = q_in.deque(asc.float32)
            b = q_out.alloc_tensor(asc.float32)
            asc.muls(b, a, float(r + 1), count)
            q_out.enque(b)
            q_in.free_tensor(a)
            b = q_out.deque(asc.float32)
            asc.data_copy(z_gm[off:], b, count)
            q_out.free_tensor(b)


def launch():
    x = np.arange(R * W, dtype=np.float32)
    z = np.zeros_like(x)
    scale_rows_kernel[1](x, z)
    return z, (x.reshape(R, W) * np.arange(1, R + 1, dtype=np.float32)[:, None]).ravel()


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
