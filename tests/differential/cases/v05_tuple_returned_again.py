"""A helper returns a tuple it holds (another helper's results), and a loop body holds a fresh tuple each
iteration."""

import asc
import numpy as np

N = 512
TILE = 64


@asc.jit
def bounds(i: int):
    return i * TILE, (i + 1) * TILE


@asc.jit
def tile_of(block: int, step: int):
    held = bounds(block * 2 + step)
    return held


@asc.jit
def loop_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    for step in range(2):
        lo_hi = tile_of(asc.get_block_idx(), step)
        lo, hi = lo_hi
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm[lo:], hi - lo)
        q.enque(t)
        t = q.deque(asc.float32)
        asc.data_copy(y_gm[lo:], t, TILE)
        q.free_tensor(t)


def launch():
    loop_kernel[4](np.arange(N, dtype=np.float32), np.zeros(N, np.float32))
