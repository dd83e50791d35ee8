"""The scratch TBuf is given its memory lazily, `if i == 0` inside the tile loop, but after the loop body has
already taken a piece of it with get_with_offset; the twin initialises before the get."""

import asc
import numpy as np

TILE = 128
TILES = 4


@asc.jit
def relu_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE * TILES)
    z_gm.set_global_buffer(z, TILE * TILES)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    calc = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(q_in, 1, TILE * 2)
    pipe.init_buffer(q_out, 1, TILE * 2)
    for i in range(TILES):
        if i == 0:
            pipe.init_buffer(calc, TILE * 2)
        zero = calc.get_with_offset(TILE, 0, asc.float16)
        asc.duplicate(zero, 0.0, TILE)
        a = q_in.alloc_tensor(asc.float16)
        asc.data_copy(a, x_gm[i * TILE:], TILE)
        q_in.enque(a)
        a = q_in.deque(asc.float16)
        b = q_out.alloc_tensor(asc.float16)
        asc.max(b, a, zero, TILE)
        q_out.enque(b)
        q_in.free_tensor(a)
        b = q_out.deque(asc.float16)
        asc.data_copy(z_gm[i * TILE:], b, TILE)
        q_out.free_tensor(b)


def launch():
    x = (np.arange(TILE * TILES) - 200).astype(np.float16)
    z = np.zeros_like(x)
    relu_kernel[1](x, z)
    return z, np.maximum(x, np.float16(0))


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
