"""Point 2, rejected: the kernel uses a name defined nowhere."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE_SIZE)  # noqa: F821


def launch():
    kernel[1](np.zeros(64, np.float32))
