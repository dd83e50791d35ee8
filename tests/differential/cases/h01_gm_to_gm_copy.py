"""CANN's tracer accepts data_copy from Global Memory to Global Memory and writes DataCopy(GlobalTensor,
GlobalTensor), which no Ascend C header declares: bisheng rejects the kernel (we report PA509 as an error)."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    asc.data_copy(y_gm, x_gm, N)


def launch():
    kernel[1](np.zeros(N, np.float16), np.zeros(N, np.float16))
