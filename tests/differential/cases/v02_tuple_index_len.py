"""A held tuple read at compile time: `offs[0]`, `offs[-1]`, a slice `offs[1:]` and `len(offs)` (a Python int
while tracing, so static_assert takes it)."""

import asc
import numpy as np

N = 256
TILE = 64


@asc.jit
def window(block: int):
    base = block * TILE
    return base, base + TILE, TILE


@asc.jit
def window_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    w = window(asc.get_block_idx())
    asc.static_assert(len(w) == 3)
    rest = w[1:]
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[w[0]:], w[-1])
    q.enque(t)
    t = q.deque(asc.float32)
    asc.data_copy(y_gm[rest[0] - TILE:], t, rest[1])
    q.free_tensor(t)


def launch():
    window_kernel[4](np.arange(N, dtype=np.float32), np.zeros(N, np.float32))
