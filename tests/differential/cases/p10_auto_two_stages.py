"""Point 10: two chained computations on LocalTensorAuto tensors (CANN syncs between the vector steps)."""

import asc
import numpy as np

N = 512


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    a = asc.LocalTensorAuto(asc.float16, [N])
    b = asc.LocalTensorAuto(asc.float16, [N])
    asc.data_copy(a, x_gm, N)
    asc.muls(b, a, 2.0, N)
    asc.adds(a, b, 1.0, N)
    asc.data_copy(y_gm, a, N)


def launch():
    x = np.zeros(N, np.float16)
    kernel[1](x, np.zeros_like(x))
