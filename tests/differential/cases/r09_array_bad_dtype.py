"""Point 9, rejected: asc.array of a non-numeric dtype."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    values = asc.array(asc.void, 4)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64 + len(values))


def launch():
    kernel[1](np.zeros(128, np.float32))
