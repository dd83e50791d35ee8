"""Language, rejected: a run-time loop bound past int32; CANN's tracer makes the bounds int32 constants."""

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
    for i in range(2 ** 31):
        if i == n:
            asc.data_copy(t, x_gm, 64)
    asc.data_copy(x_gm, t, 64)


def launch():
    kernel[1](np.zeros(1024, np.float32), 8)
