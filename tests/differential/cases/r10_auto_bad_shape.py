"""Point 10, rejected: asc.LocalTensorAuto with a float shape."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    a = asc.LocalTensorAuto(asc.float32, 64.0)
    asc.data_copy(a, x_gm, 64)


def launch():
    kernel[1](np.zeros(64, np.float32))
