"""A loop over `tiles` tiles (a launch argument) copies TILE float32 per iteration into a queue buffer sized for
float16 (TILE * 2 bytes); the twin sizes it TILE * 4."""

import asc
import numpy as np

TILE = 128


@asc.jit
def abs_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, tiles: int) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE * tiles)
    z_gm.set_global_buffer(z, TILE * tiles)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, TILE * 2)
    pipe.init_buffer(q_out, 1, TILE * 4)
    for i in range(tiles):
        a = q_in.alloc_tensor(asc.float32)
        asc.data_copy(a, x_gm[i * TILE:], TILE)  # expect: copy_over_buffer
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
    x = np.linspace(-4, 4, TILE * 4, dtype=np.float32)
    z = np.zeros_like(x)
    abs_kernel[1](x, z, 4)
    return z, np.abs(x)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
