"""Two depth-2 queues with tiles of 12,288 float32 (48 KiB): 4 buffers, 192 KiB, past the 184 KiB of the
Unified Buffer; the twin's tile is 8,192 float32 (128 KiB in all)."""

import asc
import numpy as np

TILE = 8192
TILES = 2


@asc.jit
def abs_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE * TILES)
    z_gm.set_global_buffer(z, TILE * TILES)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 2)
    q_out = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(q_in, 2, TILE * 4)
    pipe.init_buffer(q_out, 2, TILE * 4)
    for i in range(TILES):
        a = q_in.alloc_tensor(asc.float32)
        asc.data_copy(a, x_gm[i * TILE:], TILE)
        q_in.enque(a)
        a = q_in.deque(asc.float32)
        b = q_out.alloc_tensor(asc.float32)
        asc.abs(b, a, TILE)
        q_out.enque(b)
        q_in.free_tensor(a)
        b = q_out.deque(asc.float32)
        asc.data_copy(z_gm[i * TILE:], b, TILE)
        q_out.free_tensor(b)


def launch():
    x = np.linspace(-1, 1, TILE * TILES).astype(np.float32)
    z = np.zeros_like(x)
    abs_kernel[1](x, z)
    return z, np.abs(x)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
