"""A double-buffered loop over ceil(TOTAL / tile) tiles with the tile a ConstExpr the launch fixes at 384
float16: 2,048 is not a multiple of 384, so the sixth tile crosses the buffer; the twin launches tile=256."""

import asc
import numpy as np

TOTAL = 2048


@asc.jit
def square_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, tile: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TOTAL)
    z_gm.set_global_buffer(z, TOTAL)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 2)
    q_out = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(q_in, 2, tile * 2)
    pipe.init_buffer(q_out, 2, tile * 2)
    for i in range(asc.ceildiv(TOTAL, tile)):
        a = q_in.alloc_tensor(asc.float16)
        asc.data_copy(a, x_gm[i * tile:], tile)  # expect: gm_last_tile
        q_in.enque(a)
        a = q_in.deque(asc.float16)
        b = q_out.alloc_tensor(asc.float16)
        asc.mul(b, a, a, tile)
        q_out.enque(b)
        q_in.free_tensor(a)
        b = q_out.deque(asc.float16)
        asc.data_copy(z_gm[i * tile:], b, tile)
        q_out.free_tensor(b)


def launch():
    x = np.linspace(-2, 2, TOTAL).astype(np.float16)
    z = np.zeros_like(x)
    square_kernel[1](x, z, 384)
    return z, x * x


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
