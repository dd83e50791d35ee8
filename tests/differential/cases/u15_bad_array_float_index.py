"""Rejected: an asc.array indexed by a run-time float."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    offs = asc.array(asc.int32, [1, 2])
    f = asc.number(1.0, asc.float32)
    v = offs[f]
    offs[0] = v


def launch():
    kernel[1](np.zeros(N, np.float32), 3)
