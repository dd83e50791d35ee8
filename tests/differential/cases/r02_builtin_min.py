"""Point 2, rejected: `min` inside a kernel; CANN's kernels see only the builtins dict, float, int, isinstance,
issubclass, len, list, range, repr, str, tuple and type (NameError), while module constants are plain Python."""

import asc
import numpy as np

TILE = 128


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    count = min(TILE, 64)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, count)


def launch():
    kernel[1](np.zeros(128, np.float32))
