"""A setup helper gives three queues ROWS x COLS float32 tiles (64 x 256 = 64 KiB each): the third crosses the
184 KiB of Unified Buffer; the twin's tiles are 32 rows."""

import asc
import numpy as np

ROWS = 32
COLS = 256


@asc.jit
def setup(pipe: asc.TPipe, qx: asc.TQue, qy: asc.TQue, qz: asc.TQue, tile_bytes: int) -> None:
    pipe.init_buffer(qx, 1, tile_bytes)
    pipe.init_buffer(qy, 1, tile_bytes)
    pipe.init_buffer(qz, 1, tile_bytes)


@asc.jit
def mul_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, ROWS * COLS)
    y_gm.set_global_buffer(y, ROWS * COLS)
    z_gm.set_global_buffer(z, ROWS * COLS)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qy = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    setup(pipe, qx, qy, qz, ROWS * COLS * 4)
    a = qx.alloc_tensor(asc.float32)
    b = qy.alloc_tensor(asc.float32)
    asc.data_copy(a, x_gm, ROWS * COLS)
    asc.data_copy(b, y_gm, ROWS * COLS)
    qx.enque(a)
    qy.enque(b)
    a = qx.deque(asc.float32)
    b = qy.deque(asc.float32)
    c = qz.alloc_tensor(asc.float32)
    asc.mul(c, a, b, ROWS * COLS)
    qz.enque(c)
    qx.free_tensor(a)
    qy.free_tensor(b)
    c = qz.deque(asc.float32)
    asc.data_copy(z_gm, c, ROWS * COLS)
    qz.free_tensor(c)


def launch():
    x = (np.arange(ROWS * COLS) % 9).astype(np.float32)
    y = (np.arange(ROWS * COLS) % 4).astype(np.float32)
    z = np.zeros_like(x)
    mul_kernel[1](x, y, z)
    return z, x * y


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
