"""Language, rejected: a Python int accumulated with `+=` in a for loop over a constant range; the loop is a
run-time loop in CANN's tracer, so the sum becomes a run-time value (re-assigned to an object with different
type)."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    total = 0
    for k in range(4):
        total += k * 64
    asc.data_copy(t, x_gm, 64)
    asc.data_copy(x_gm[total:], t, 64)


def launch():
    kernel[1](np.zeros(1024, np.float32))
