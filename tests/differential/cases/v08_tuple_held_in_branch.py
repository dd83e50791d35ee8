"""A helper's results held in a name inside a run-time branch and read there: the grouping lives in that body."""

import asc
import numpy as np

N = 256
TILE = 64


@asc.jit
def halves(block: int):
    return block * TILE, block * TILE + TILE // 2


@asc.jit
def branch_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    t = q.alloc_tensor(asc.float32)
    if n > 2:
        parts = halves(asc.get_block_idx())
        asc.data_copy(t, x_gm[parts[0]:], TILE)
        q.enque(t)
        t = q.deque(asc.float32)
        asc.data_copy(y_gm[parts[1] - TILE // 2:], t, TILE)
    q.free_tensor(t)


def launch():
    branch_kernel[4](np.arange(N, dtype=np.float32), np.zeros(N, np.float32), 3)
