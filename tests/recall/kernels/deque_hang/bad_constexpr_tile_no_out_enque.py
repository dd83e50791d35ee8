"""A tiled loop with the tile a ConstExpr from the launch: the result tensor allocated from the output queue
is never enqueued, so the output queue's deque hangs; the twin enqueues it."""

import asc
import numpy as np

TOTAL = 1024


@asc.jit
def neg_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, tile: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TOTAL)
    z_gm.set_global_buffer(z, TOTAL)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, tile * 4)
    pipe.init_buffer(q_out, 1, tile * 4)
    for i in range(TOTAL // tile):
        a = q_in.alloc_tensor(asc.float32)
        asc.data_copy(a, x_gm[i * tile:], tile)
        q_in.enque(a)
        a = q_in.deque(asc.float32)
        b = q_out.alloc_tensor(asc.float32)
        asc.muls(b, a, -2.0, tile)
        q_in.free_tensor(a)
        c = q_out.deque(asc.float32)  # expect: deque_hang
        asc.data_copy(z_gm[i * tile:], c, tile)
        q_out.free_tensor(c)


def launch():
    x = np.arange(TOTAL, dtype=np.float32)
    z = np.zeros_like(x)
    neg_kernel[1](x, z, 256)
    return z, x * -2


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
