"""Star-unpacking a tuple (`a, *rest = p`): CANN's tracer assigns names or tuples of names only."""

import asc
import numpy as np

N = 256


@asc.jit
def star_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 256)
    p = (asc.get_block_idx() * 64, 64, n)
    a, *rest = p
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[a:], rest[0])
    asc.data_copy(y_gm, t, 64)
    q.free_tensor(t)


def launch():
    star_kernel[1](np.zeros(N, np.float32), np.zeros(N, np.float32), 3)
