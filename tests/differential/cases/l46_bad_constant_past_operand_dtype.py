"""Language, rejected: a Python int past int32 added to a run-time int; CANN's tracer makes it a constant of the
run-time operand's dtype and fails."""

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
    limit = n + 2 ** 32
    if limit > 0:
        asc.data_copy(t, x_gm, 64)
    asc.data_copy(x_gm, t, 64)


def launch():
    kernel[1](np.zeros(1024, np.float32), 8)
