"""Point 5, rejected: a helper with a `return` inside a loop body (CANN allows return at the top level only)."""

import asc
import numpy as np


@asc.jit
def first_tile(n: int) -> int:
    for i in range(n):
        return i
    return 0


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    start = first_tile(n)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + start, 64)


def launch():
    kernel[1](np.zeros(64, np.float32), 4)
