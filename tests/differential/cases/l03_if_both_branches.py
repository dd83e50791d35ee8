"""Language: a Python int re-bound in both branches of an if on a run-time condition (CANN's tracer merges the two
constants into a run-time value), then used as a count; a run-time count re-bound in one branch only."""

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
    count = 64
    if n > 128:
        count = 128
    else:
        count = 64
    tail = n % 64
    if tail == 0:
        tail = n - n + 64
    asc.data_copy(t, x_gm, count)
    asc.exp(t, t, count)
    asc.data_copy(x_gm, t, tail)


def launch():
    kernel[1](np.zeros(1024, np.float32), 256)
