"""Rejected: asc.DataType of a name CANN's DataType cannot use (bfloat16), given to alloc_tensor."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    t = q.alloc_tensor(asc.DataType("bfloat16"))
    q.free_tensor(t)


def launch():
    kernel[1](np.zeros(N, np.float32), 3)
