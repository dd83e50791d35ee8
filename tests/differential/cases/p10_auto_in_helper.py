"""Point 10: a helper makes the LocalTensorAuto; the kernel that calls it synchronizes (CANN inlines the helper)."""

import asc
import numpy as np

N = 128


@asc.jit
def doubled(src: asc.GlobalTensor, dst: asc.GlobalTensor) -> None:
    t = asc.LocalTensorAuto(asc.float32, N)
    asc.data_copy(t, src, N)
    asc.muls(t, t, 2.0, N)
    asc.data_copy(dst, t, N)


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    doubled(x_gm, y_gm)


def launch():
    x = np.zeros(N, np.float32)
    kernel[1](x, np.zeros_like(x))
