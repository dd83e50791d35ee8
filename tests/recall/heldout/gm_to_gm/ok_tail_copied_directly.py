"""Full tiles go through the Unified Buffer, but the tail (under `if`) is copied straight from x's GlobalTensor
to z's; Ascend C has no Global-to-Global DataCopy; the twin stages the tail through the queue too."""

import asc
import numpy as np

TILE = 256
TOTAL = 2 * TILE + 64


@asc.jit
def copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TOTAL)
    z_gm.set_global_buffer(z, TOTAL)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que, 1, TILE * 4)
    for i in range(TOTAL // TILE):
        t = que.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm[i * TILE:], TILE)
        que.enque(t)
        t = que.deque(asc.float32)
        asc.data_copy(z_gm[i * TILE:], t, TILE)
        que.free_tensor(t)
    tail = TOTAL % TILE
    if tail > 0:
        start = TOTAL - tail
        t = que.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm[start:], tail)
        que.enque(t)
        t = que.deque(asc.float32)
        asc.data_copy(z_gm[start:], t, tail)
        que.free_tensor(t)


def launch():
    x = np.arange(TOTAL, dtype=np.float32)
    z = np.zeros_like(x)
    copy_kernel[1](x, z)
    return z, x


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
