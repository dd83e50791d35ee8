"""Point 2, rejected: the `in` operator inside a kernel, even on compile-time values (CANN: not implemented)."""

import asc
import numpy as np

BUFFERS = 2


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    ok = BUFFERS in (1, 2)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64 + int(ok))


def launch():
    kernel[1](np.zeros(128, np.float32))
