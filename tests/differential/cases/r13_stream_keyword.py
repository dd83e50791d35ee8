"""Point 13, rejected: `stream` given as a launch keyword instead of in the brackets (`kernel[1, stream]`)."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)


def launch():
    kernel[1](np.zeros(64, np.float32), stream=None)
