"""Rejected: an asc.array name re-bound in a run-time if to an array of another length."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    offs = asc.array(asc.int32, 4, fill_value=0)
    if n > 1:
        offs = asc.array(asc.int32, 2, fill_value=1)
    x_gm.set_value(0, offs[1])


def launch():
    kernel[1](np.zeros(N, np.float32), 3)
