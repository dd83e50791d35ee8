"""A helper's results indexed on the call itself (`bounds(i)[1]`) and counted (`len(bounds(i))`): the call is
made before the statement, each result in a variable of its own."""

import asc
import numpy as np

N = 256
TILE = 64


@asc.jit
def bounds(block: int):
    return block * TILE, block * TILE + TILE


@asc.jit
def direct_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    block = asc.get_block_idx()
    lo, hi = bounds(block)[0], bounds(block)[1]
    asc.static_assert(len(bounds(block)) == 2)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[lo:], hi - lo)
    q.enque(t)
    t = q.deque(asc.float32)
    asc.data_copy(y_gm[bounds(block)[0]:], t, TILE)
    q.free_tensor(t)


def launch():
    direct_kernel[4](np.arange(N, dtype=np.float32), np.zeros(N, np.float32))
