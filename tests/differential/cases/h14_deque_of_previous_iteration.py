"""A deque under `if i > 0` of the tile the previous iteration enqueued, the last one drained after the loop: every
deque has its tensor; CANN's tracer accepts it and we report nothing (the first iteration skips the deque)."""

import asc
import numpy as np

TILE = 128
TILES = 3


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE * TILES)
    y_gm.set_global_buffer(y, TILE * TILES)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(q, 2, TILE * 4)
    for i in range(TILES):
        if i > 0:
            u = q.deque(asc.float32)
            asc.data_copy(y_gm[(i - 1) * TILE:], u, TILE)
            q.free_tensor(u)
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm[i * TILE:], TILE)
        q.enque(t)
    w = q.deque(asc.float32)
    asc.data_copy(y_gm[(TILES - 1) * TILE:], w, TILE)
    q.free_tensor(w)


def launch():
    kernel[1](np.ones(TILE * TILES, np.float32), np.zeros(TILE * TILES, np.float32))
