"""Language, rejected: a run-time count re-bound to a Python int inside an if on a run-time condition (re-assigned
to an object with different type)."""

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
    count = n // 2
    if count > 256:
        count = 256
    asc.data_copy(t, x_gm, count)
    asc.data_copy(x_gm, t, count)


def launch():
    kernel[1](np.zeros(1024, np.float32), 1024)
