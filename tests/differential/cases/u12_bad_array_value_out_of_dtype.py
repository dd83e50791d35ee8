"""Rejected: an initial value that does not fit the uint8 elements."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    offs = asc.array(asc.uint8, [300, 1])
    x_gm.set_value(0, offs[1])


def launch():
    kernel[1](np.zeros(N, np.float32), 3)
