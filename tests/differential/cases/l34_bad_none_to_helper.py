"""Language, rejected: None passed to a helper parameter; CANN's tracer passes helper arguments as run-time values and
cannot materialize None."""

import asc
import numpy as np


@asc.jit
def apply(u: asc.LocalTensor, bias) -> None:
    if bias is None:
        asc.relu(u, u, 256)


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 256)
    apply(t, None)
    asc.data_copy(x_gm, t, 256)


def launch():
    kernel[1](np.zeros(1024, np.float32), 8)
