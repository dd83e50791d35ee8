"""Tuples built in the kernel from run-time values: mixed with compile-time items, nested, unpacked, and holding
the value an item had when the tuple was built (the name re-bound after it)."""

import asc
import numpy as np

N = 256
TILE = 64


@asc.jit
def built_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    start = asc.get_block_idx() * TILE
    span = (start, TILE)
    nested = ((start, TILE), 1.5)
    start = start + 1
    first, count = span
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[first:], count)
    q.enque(t)
    t = q.deque(asc.float32)
    asc.muls(t, t, nested[1], nested[0][1])
    asc.data_copy(y_gm[nested[0][0]:], t, span[1])
    q.free_tensor(t)


def launch():
    built_kernel[4](np.arange(N, dtype=np.float32), np.zeros(N, np.float32))
