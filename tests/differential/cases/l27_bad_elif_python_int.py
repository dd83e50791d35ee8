"""Language, rejected: a Python int re-bound in an if/elif/else chain on run-time conditions; the inner if (the
elif) makes it a run-time value, which the outer if cannot merge with the Python int."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    count = 0
    if n > 512:
        count = 256
    elif n > 128:
        count = 128
    else:
        count = 64
    asc.data_copy(t, x_gm, count)
    asc.data_copy(x_gm, t, count)


def launch():
    kernel[1](np.zeros(1024, np.float32), 256)
