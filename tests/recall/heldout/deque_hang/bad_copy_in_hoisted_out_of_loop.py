"""The copy-in (alloc, data_copy, enque) was hoisted above the asc.static_range tile loop, so only the first
tile is ever enqueued and the second iteration's deque waits forever; the twin copies in each tile."""

import asc
import numpy as np

TILE = 256
TILES = 2


@asc.jit
def double_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE * TILES)
    z_gm.set_global_buffer(z, TILE * TILES)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, TILE * 2)
    pipe.init_buffer(q_out, 1, TILE * 2)
    a = q_in.alloc_tensor(asc.int16)
    asc.data_copy(a, x_gm, TILE)
    q_in.enque(a)
    for i in asc.static_range(TILES):
        a = q_in.deque(asc.int16)  # expect: deque_hang
        b = q_out.alloc_tensor(asc.int16)
        asc.add(b, a, a, TILE)
        q_out.enque(b)
        q_in.free_tensor(a)
        b = q_out.deque(asc.int16)
        asc.data_copy(z_gm[i * TILE:], b, TILE)
        q_out.free_tensor(b)


def launch():
    x = np.arange(TILE * TILES, dtype=np.int16)
    z = np.zeros_like(x)
    double_kernel[1](x, z)
    return z, x * 2


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
