"""The tile is a ConstExpr the launch fixes at 512 float16 (1,024 bytes) while the queue buffers are 512 bytes
(BUF_BYTES); the twin launches with tile=256."""

import asc
import numpy as np

TOTAL = 1024
BUF_BYTES = 512


@asc.jit
def neg_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, tile: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TOTAL)
    z_gm.set_global_buffer(z, TOTAL)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, BUF_BYTES)
    pipe.init_buffer(q_out, 1, BUF_BYTES)
    for i in range(TOTAL // tile):
        a = q_in.alloc_tensor(asc.float16)
        asc.data_copy(a, x_gm[i * tile:], tile)  # expect: copy_over_buffer
        q_in.enque(a)
        a = q_in.deque(asc.float16)
        b = q_out.alloc_tensor(asc.float16)
        asc.muls(b, a, -1.0, tile)
        q_out.enque(b)
        q_in.free_tensor(a)
        b = q_out.deque(asc.float16)
        asc.data_copy(z_gm[i * tile:], b, tile)
        q_out.free_tensor(b)


def launch():
    x = np.arange(TOTAL, dtype=np.float16)
    z = np.zeros_like(x)
    neg_kernel[1](x, z, 512)
    return z, -x


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
