"""A helper's results are a Python list in CANN's tracer: an item assigned replaces it, a name read before keeps
the old value."""

import asc
import numpy as np

N = 256
TILE = 64


@asc.jit
def two_offsets(block: int):
    return block * TILE, block * TILE + TILE


@asc.jit
def swap_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    offs = two_offsets(asc.get_block_idx())
    src = offs[0]
    offs[0] = offs[1] - TILE
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[src:], TILE)
    q.enque(t)
    t = q.deque(asc.float32)
    asc.data_copy(y_gm[offs[0]:], t, TILE)
    q.free_tensor(t)


def launch():
    swap_kernel[4](np.arange(N, dtype=np.float32), np.zeros(N, np.float32))
