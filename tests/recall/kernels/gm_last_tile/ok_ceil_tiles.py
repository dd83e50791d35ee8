"""N = 1024 float16 in tiles of TILE = 192, ceil(N / TILE) = 6 of them: the last reads x_gm[960:1152], past the
1,024 elements set_global_buffer gave; the twin's TILE = 128 divides N."""

import asc
import numpy as np

N = 1024
TILE = 128


@asc.jit
def abs_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, TILE * 2)
    pipe.init_buffer(q_out, 1, TILE * 2)
    for i in range((N + TILE - 1) // TILE):
        a = q_in.alloc_tensor(asc.float16)
        asc.data_copy(a, x_gm[i * TILE:], TILE)
        q_in.enque(a)
        a = q_in.deque(asc.float16)
        b = q_out.alloc_tensor(asc.float16)
        asc.abs(b, a, TILE)
        q_out.enque(b)
        q_in.free_tensor(a)
        b = q_out.deque(asc.float16)
        asc.data_copy(z_gm[i * TILE:], b, TILE)
        q_out.free_tensor(b)


def launch():
    x = np.linspace(-5, 5, N).astype(np.float16)
    z = np.zeros_like(x)
    abs_kernel[1](x, z)
    return z, np.abs(x)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
