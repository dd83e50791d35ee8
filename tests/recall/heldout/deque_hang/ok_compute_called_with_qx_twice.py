"""Double-buffered two-input kernel with copy-in and compute helpers that receive the queues; the call of compute
passes qx twice (qx, qx, qz), so its second deque reads a queue nothing enqueued twice into and waits forever;
the twin passes (qx, qy, qz)."""

import asc
import numpy as np

TILE = 128
TILES = 4
BUFFER_NUM = 2


@asc.jit
def copy_in(qx: asc.TQue, qy: asc.TQue, x_gm: asc.GlobalTensor, y_gm: asc.GlobalTensor, i: int) -> None:
    a = qx.alloc_tensor(asc.float32)
    b = qy.alloc_tensor(asc.float32)
    asc.data_copy(a, x_gm[i * TILE:], TILE)
    asc.data_copy(b, y_gm[i * TILE:], TILE)
    qx.enque(a)
    qy.enque(b)


@asc.jit
def compute(qx: asc.TQue, qy: asc.TQue, qz: asc.TQue) -> None:
    a = qx.deque(asc.float32)
    b = qy.deque(asc.float32)
    c = qz.alloc_tensor(asc.float32)
    asc.sub(c, a, b, TILE)
    qz.enque(c)
    qx.free_tensor(a)
    qy.free_tensor(b)


@asc.jit
def sub_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE * TILES)
    y_gm.set_global_buffer(y, TILE * TILES)
    z_gm.set_global_buffer(z, TILE * TILES)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    qy = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    qz = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    pipe.init_buffer(qx, BUFFER_NUM, TILE * 4)
    pipe.init_buffer(qy, BUFFER_NUM, TILE * 4)
    pipe.init_buffer(qz, BUFFER_NUM, TILE * 4)
    for i in range(TILES):
        copy_in(qx, qy, x_gm, y_gm, i)
        compute(qx, qy, qz)
        c = qz.deque(asc.float32)
        asc.data_copy(z_gm[i * TILE:], c, TILE)
        qz.free_tensor(c)


def launch():
    x = np.arange(TILE * TILES, dtype=np.float32)
    y = np.full(TILE * TILES, 7.0, np.float32)
    z = np.zeros_like(x)
    sub_kernel[1](x, y, z)
    return z, x - y


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
