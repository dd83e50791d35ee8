"""Point 13, rejected: a kernel parameter named like a jit option (`debug`)."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, debug: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64 + debug)


def launch():
    kernel[1](np.zeros(128, np.float32), 0)
