"""Point 2, rejected: an asc.static_assert whose condition is false at compile time."""

import asc
import numpy as np

TILE = 100


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    asc.static_assert(TILE % 32 == 0, "TILE must be a multiple of 32")
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE)


def launch():
    kernel[1](np.zeros(TILE, np.float32))
