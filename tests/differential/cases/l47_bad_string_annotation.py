"""Language, rejected: a quoted parameter annotation; CANN's tracer reads annotations unevaluated (Python 3.10 and
later) and cannot test a string as a class (issubclass() arg 1 must be a class)."""

import asc
import numpy as np


@asc.jit
def kernel(x: "asc.GlobalAddress", n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 64)
    asc.data_copy(x_gm, t, 64)


def launch():
    kernel[1](np.zeros(1024, np.float32), 8)
