"""Rejected: an int32 run-time value stored in a float16 asc.array (CANN cannot cast int32 to float16)."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    h = asc.array(asc.float16, 4, fill_value=0)
    h[1] = n


def launch():
    kernel[1](np.zeros(N, np.float32), 3)
