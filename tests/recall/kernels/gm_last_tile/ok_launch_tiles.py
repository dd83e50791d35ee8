"""set_global_buffer gives 4 tiles of float16 while the launch passes tiles=5 to the loop (the arrays hold 8
tiles, so only the kernel's own buffer is crossed); the twin launches tiles=4."""

import asc
import numpy as np

TILE = 256


@asc.jit
def relu_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, tiles: int) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE * 4)
    z_gm.set_global_buffer(z, TILE * 4)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, TILE * 2)
    pipe.init_buffer(q_out, 1, TILE * 2)
    for i in range(tiles):
        a = q_in.alloc_tensor(asc.float16)
        asc.data_copy(a, x_gm[i * TILE:], TILE)
        q_in.enque(a)
        a = q_in.deque(asc.float16)
        b = q_out.alloc_tensor(asc.float16)
        asc.relu(b, a, TILE)
        q_out.enque(b)
        q_in.free_tensor(a)
        b = q_out.deque(asc.float16)
        asc.data_copy(z_gm[i * TILE:], b, TILE)
        q_out.free_tensor(b)


def launch():
    x = np.linspace(-1, 1, TILE * 8).astype(np.float16)
    z = np.zeros_like(x)
    relu_kernel[1](x, z, 4)
    return z[:TILE * 4], np.maximum(x[:TILE * 4], 0)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
