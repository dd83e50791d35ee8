"""A queue copies an H x COLS window out of an H x W float16 matrix with strided DataCopyParams, and the window
goes straight back out; its buffer was given H * COLS bytes (the element count) where the window takes
H * COLS * 2; the twin sizes it in bytes."""

import asc
import numpy as np

H = 8
W = 64
COLS = 32


@asc.jit
def window_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, H * W)
    z_gm.set_global_buffer(z, H * COLS)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que, 1, H * COLS * 2)
    t = que.alloc_tensor(asc.float16)
    params = asc.DataCopyParams(H, COLS * 2 // 32, (W - COLS) * 2 // 32, 0)
    asc.data_copy(t, x_gm, params)
    que.enque(t)
    t = que.deque(asc.float16)
    asc.data_copy(z_gm, t, H * COLS)
    que.free_tensor(t)


def launch():
    x = np.arange(H * W, dtype=np.float16)
    z = np.zeros(H * COLS, np.float16)
    window_kernel[1](x, z)
    return z, x.reshape(H, W)[:, :COLS].ravel()


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
