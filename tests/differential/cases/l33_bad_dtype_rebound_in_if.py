"""Language, rejected: a name bound to a dtype re-bound inside an if on a run-time condition; the tracer carries it
out of the if as a run-time value, which a dtype cannot be (Unsupported value type for materialization)."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    dtype = asc.float32
    if n > 4:
        dtype = asc.float16
    u = buf.get(dtype)
    asc.data_copy(u, x_gm, 256)
    asc.data_copy(x_gm, u, 256)


def launch():
    kernel[1](np.zeros(1024, np.float32), 8)
