"""Point 6: ConstExpr parameters give the queue depth and the tile length; the launch gives literal values."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, depth: asc.ConstExpr[int], tile: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, tile * 4)
    y_gm.set_global_buffer(y, tile * 4)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, depth)
    pipe.init_buffer(q, depth, tile * 2)
    for i in range(4):
        t = q.alloc_tensor(asc.float16)
        asc.data_copy(t, x_gm[i * tile:], tile)
        q.enque(t)
        t = q.deque(asc.float16)
        asc.data_copy(y_gm[i * tile:], t, tile)
        q.free_tensor(t)


def launch():
    x = np.zeros(512, np.float16)
    kernel[1](x, np.zeros_like(x), 2, 128)
