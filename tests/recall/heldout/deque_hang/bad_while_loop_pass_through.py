"""A while loop streams tiles through one VECIN queue straight back to Global Memory; the copy-in never enqueues
the tile, so the first deque waits forever; the twin enqueues it."""

import asc
import numpy as np

TILE = 128
N = 512


@asc.jit
def stream_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(que, 2, TILE * 4)
    off = asc.number(0, asc.int32)
    while off < N:
        t = que.alloc_tensor(asc.int32)
        asc.data_copy(t, x_gm[off:], TILE)
        t = que.deque(asc.int32)  # expect: deque_hang
        asc.data_copy(z_gm[off:], t, TILE)
        que.free_tensor(t)
        off += TILE


def launch():
    x = np.arange(N, dtype=np.int32)
    z = np.zeros_like(x)
    stream_kernel[1](x, z)
    return z, x


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
