"""A loop over tiles multiplies x by y: both tiles are copied in, but only x's is enqueued, so the first
iteration's deque of y's queue waits forever; the twin enqueues both."""

import asc
import numpy as np

TILE = 128
TILES = 4


@asc.jit
def mul_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE * TILES)
    y_gm.set_global_buffer(y, TILE * TILES)
    z_gm.set_global_buffer(z, TILE * TILES)
    pipe = asc.TPipe()
    q_x = asc.TQue(asc.TPosition.VECIN, 1)
    q_y = asc.TQue(asc.TPosition.VECIN, 1)
    q_z = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_x, 1, TILE * 4)
    pipe.init_buffer(q_y, 1, TILE * 4)
    pipe.init_buffer(q_z, 1, TILE * 4)
    for i in range(TILES):
        a = q_x.alloc_tensor(asc.float32)
        b = q_y.alloc_tensor(asc.float32)
        asc.data_copy(a, x_gm[i * TILE:], TILE)
        asc.data_copy(b, y_gm[i * TILE:], TILE)
        q_x.enque(a)
        a = q_x.deque(asc.float32)
        b = q_y.deque(asc.float32)  # expect: deque_hang
        c = q_z.alloc_tensor(asc.float32)
        asc.mul(c, a, b, TILE)
        q_z.enque(c)
        q_x.free_tensor(a)
        q_y.free_tensor(b)
        c = q_z.deque(asc.float32)
        asc.data_copy(z_gm[i * TILE:], c, TILE)
        q_z.free_tensor(c)


def launch():
    x = np.linspace(-1, 1, TILE * TILES).astype(np.float32)
    y = np.linspace(2, 3, TILE * TILES).astype(np.float32)
    z = np.zeros_like(x)
    mul_kernel[1](x, y, z)
    return z, x * y


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
