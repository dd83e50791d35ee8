"""Every other row of an H x W float32 matrix is copied into z with strided DataCopyParams straight from x's
GlobalTensor to z's; the twin moves the rows through a queue with the same parameters."""

import asc
import numpy as np

H = 8
W = 64


@asc.jit
def even_rows_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, H * W)
    z_gm.set_global_buffer(z, H // 2 * W)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que, 1, H // 2 * W * 4)
    rows = asc.DataCopyParams(H // 2, W * 4 // 32, W * 4 // 32, 0)
    t = que.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, rows)
    que.enque(t)
    t = que.deque(asc.float32)
    asc.data_copy(z_gm, t, H // 2 * W)
    que.free_tensor(t)


def launch():
    x = np.arange(H * W, dtype=np.float32)
    z = np.zeros(H // 2 * W, np.float32)
    even_rows_kernel[1](x, z)
    return z, x.reshape(H, W)[::2].ravel()


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
