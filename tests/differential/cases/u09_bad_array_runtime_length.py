"""Rejected: asc.array with a run-time length (CANN takes len() of it)."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    offs = asc.array(asc.int32, n)
    x_gm.set_value(0, offs[0])


def launch():
    kernel[1](np.zeros(N, np.float32), 3)
