"""Accepted: a run-time int32 scalar duplicated into a uint32 tensor (an int to int cast, the twin of c54)."""

import asc
import numpy as np

N = 256


@asc.jit
def int_into_uint32_kernel(x: asc.GlobalAddress, s: float, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, N * 8)
    t = q.alloc_tensor(asc.uint32)
    asc.duplicate(t, n, N)
    asc.data_copy(x_gm, t, N)
    q.free_tensor(t)


def launch():
    int_into_uint32_kernel[1](np.zeros(N, np.uint32), 2.0, 3)
