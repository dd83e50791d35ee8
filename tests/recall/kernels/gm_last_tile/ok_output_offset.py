"""Pairs of tiles are summed into a half-length output: the copy out writes z_gm[i * TILE:] where the output
tile is TILE // 2 long, so the later tiles land past the N // 2 elements of z; the twin writes at
z_gm[i * (TILE // 2):]."""

import asc
import numpy as np

N = 1024
TILE = 256
HALF = TILE // 2


@asc.jit
def pair_sum_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N // 2)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, TILE * 4)
    pipe.init_buffer(q_out, 1, HALF * 4)
    for i in range(N // TILE):
        a = q_in.alloc_tensor(asc.float32)
        asc.data_copy(a, x_gm[i * TILE:], TILE)
        q_in.enque(a)
        a = q_in.deque(asc.float32)
        b = q_out.alloc_tensor(asc.float32)
        asc.add(b, a, a[HALF:], HALF)
        q_out.enque(b)
        q_in.free_tensor(a)
        b = q_out.deque(asc.float32)
        asc.data_copy(z_gm[i * HALF:], b, HALF)
        q_out.free_tensor(b)


def launch():
    x = np.arange(N, dtype=np.float32)
    z = np.zeros(N // 2, np.float32)
    pair_sum_kernel[1](x, z)
    t = x.reshape(-1, TILE)
    return z, (t[:, :HALF] + t[:, HALF:]).reshape(-1)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
