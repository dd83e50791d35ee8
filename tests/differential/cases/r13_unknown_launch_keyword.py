"""Point 13, rejected: a launch keyword that is neither a parameter nor an option."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)


def launch():
    kernel[1](np.zeros(64, np.float32), fast=True)
