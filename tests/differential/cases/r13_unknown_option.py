"""Point 13, rejected: an option @asc.jit does not have."""

import asc
import numpy as np


@asc.jit(fast_math=True)
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)


def launch():
    kernel[1](np.zeros(128, np.float32))
