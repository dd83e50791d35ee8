"""Rejected: asc.ShapeInfo of a Python list (it takes an asc.array)."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    info = asc.ShapeInfo([16, 16])
    x_gm.set_shape_info(info)


def launch():
    kernel[1](np.zeros(N, np.float32), 3)
