"""z = concat(x, y): x is staged through a queue, y is copied from its GlobalTensor into z's second half
directly, tile by tile in asc.static_range; the twin stages y through the queue as well."""

import asc
import numpy as np

TILE = 128
XT = 2
YT = 3


@asc.jit
def concat_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, XT * TILE)
    y_gm.set_global_buffer(y, YT * TILE)
    z_gm.set_global_buffer(z, (XT + YT) * TILE)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(que, 2, TILE * 2)
    for i in asc.static_range(XT):
        t = que.alloc_tensor(asc.float16)
        asc.data_copy(t, x_gm[i * TILE:], TILE)
        que.enque(t)
        t = que.deque(asc.float16)
        asc.data_copy(z_gm[i * TILE:], t, TILE)
        que.free_tensor(t)
    for j in asc.static_range(YT):
        asc.data_copy(z_gm[(XT + j) * TILE:], y_gm[j * TILE:], TILE)  # expect: gm_to_gm


def launch():
    x = np.arange(XT * TILE, dtype=np.float16)
    y = -np.arange(YT * TILE, dtype=np.float16)
    z = np.zeros((XT + YT) * TILE, np.float16)
    concat_kernel[1](x, y, z)
    return z, np.concatenate([x, y])


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
