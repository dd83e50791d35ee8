"""Point 10: an auto tensor accumulated in a loop and stored after it (the enqueue moves past the loop)."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, steps: int) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    acc = asc.LocalTensorAuto(asc.float32, N)
    asc.data_copy(acc, x_gm, N)
    for _ in range(steps):
        asc.adds(acc, acc, 1.0, N)
    asc.data_copy(y_gm, acc, N)


def launch():
    x = np.zeros(N, np.float32)
    kernel[1](x, np.zeros_like(x), 3)
