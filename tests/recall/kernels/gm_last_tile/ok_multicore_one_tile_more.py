"""Each of eight cores owns BLOCK = 512 float32 (set_global_buffer(x + offset, BLOCK)) and loops over
BLOCK // TILE + 1 tiles: the last reads past its block; the twin loops BLOCK // TILE times."""

import asc
import numpy as np

BLOCK = 512
TILE = 128
CORES = 8


@asc.jit
def neg_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    offset = asc.get_block_idx() * BLOCK
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, BLOCK)
    z_gm.set_global_buffer(z + offset, BLOCK)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, TILE * 4)
    pipe.init_buffer(q_out, 1, TILE * 4)
    for i in range(BLOCK // TILE):
        a = q_in.alloc_tensor(asc.float32)
        asc.data_copy(a, x_gm[i * TILE:], TILE)
        q_in.enque(a)
        a = q_in.deque(asc.float32)
        b = q_out.alloc_tensor(asc.float32)
        asc.muls(b, a, -1.0, TILE)
        q_out.enque(b)
        q_in.free_tensor(a)
        b = q_out.deque(asc.float32)
        asc.data_copy(z_gm[i * TILE:], b, TILE)
        q_out.free_tensor(b)


def launch():
    x = np.arange(BLOCK * CORES, dtype=np.float32)
    z = np.zeros_like(x)
    neg_kernel[CORES](x, z)
    return z, -x


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
