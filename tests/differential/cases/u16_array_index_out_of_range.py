"""CANN's tracer accepts an asc.array index known to be outside the array; the device reads memory that is not the
array's (we report PA311, the simulator PS112)."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    offs = asc.array(asc.int32, 4, fill_value=0)
    v = offs[4]
    x_gm.set_value(0, v)


def launch():
    kernel[1](np.zeros(N, np.float32), 3)
