"""Rejected: a run-time float32 scalar duplicated into a uint32 tensor. CANN makes the cast of one width from
float to unsigned and its lowering passes fail on it."""

import asc
import numpy as np

N = 256


@asc.jit
def float_into_uint32_kernel(x: asc.GlobalAddress, s: float, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, N * 8)
    t = q.alloc_tensor(asc.uint32)
    asc.duplicate(t, s, N)
    asc.data_copy(x_gm, t, N)
    q.free_tensor(t)


def launch():
    float_into_uint32_kernel[1](np.zeros(N, np.uint32), 2.0, 3)
