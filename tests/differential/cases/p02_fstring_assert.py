"""Point 2: asc.static_assert over compile-time values with an f-string message (checked while tracing)."""

import asc
import numpy as np

TILE = 128
BUFFERS = 2


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    asc.static_assert(TILE % 32 == 0, f"TILE={TILE} must be a multiple of 32")
    asc.static_assert(BUFFERS <= 2, f"{BUFFERS} buffers, at most 2")
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, BUFFERS)
    pipe.init_buffer(q, BUFFERS, TILE * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, TILE)
    q.enque(t)
    t = q.deque(asc.float32)
    asc.data_copy(x_gm, t, TILE)
    q.free_tensor(t)


def launch():
    kernel[1](np.zeros(TILE, np.float32))
