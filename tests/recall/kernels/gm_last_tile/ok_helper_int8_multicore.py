"""A jit helper copies tile `i` of a core's int8 block; the kernel's loop runs i from 1 to TILES inclusive (an
off-by-one), so the last tile reads past each core's BLOCK; the twin runs range(TILES)."""

import asc
import numpy as np

TILE = 256
TILES = 4
BLOCK = TILE * TILES
CORES = 2


@asc.jit
def copy_tile(q_in: asc.TQue, q_out: asc.TQue, x_gm: asc.GlobalTensor, z_gm: asc.GlobalTensor, i: int) -> None:
    a = q_in.alloc_tensor(asc.int8)
    asc.data_copy(a, x_gm[i * TILE:], TILE)
    q_in.enque(a)
    a = q_in.deque(asc.int8)
    b = q_out.alloc_tensor(asc.int8)
    asc.data_copy(b, a, TILE)
    q_out.enque(b)
    q_in.free_tensor(a)
    b = q_out.deque(asc.int8)
    asc.data_copy(z_gm[i * TILE:], b, TILE)
    q_out.free_tensor(b)


@asc.jit
def copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    offset = asc.get_block_idx() * BLOCK
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, BLOCK)
    z_gm.set_global_buffer(z + offset, BLOCK)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, TILE)
    pipe.init_buffer(q_out, 1, TILE)
    for i in range(TILES):
        copy_tile(q_in, q_out, x_gm, z_gm, i)


def launch():
    x = (np.arange(BLOCK * CORES) % 100).astype(np.int8)
    z = np.zeros_like(x)
    copy_kernel[CORES](x, z)
    return z, x


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
