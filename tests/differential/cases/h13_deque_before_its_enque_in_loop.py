"""A deque at the top of the tile loop whose only enque comes later in the body, nothing enqueued before the loop:
CANN's tracer accepts it; the first iteration's deque waits forever on the device (the simulator stops it, PS106);
we report PA503 as an error on the deque line."""

import asc
import numpy as np

TILE = 128
TILES = 2


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
        u = q.deque(asc.float32)
        asc.data_copy(y_gm[i * TILE:], u, TILE)
        q.free_tensor(u)
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm[i * TILE:], TILE)
        q.enque(t)


def launch():
    kernel[1](np.ones(TILE * TILES, np.float32), np.zeros(TILE * TILES, np.float32))
