"""A TBuf's get before pipe.init_buffer gave the buffer memory: CANN's tracer accepts it; the device's tensor has no
memory (the simulator stops it, PS107); we report PA506 as an error on the get line."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    t = buf.get(asc.float32)
    pipe.init_buffer(buf, N * 4)
    asc.data_copy(t, x_gm, N)
    asc.data_copy(y_gm, t, N)


def launch():
    kernel[1](np.ones(N, np.float32), np.zeros(N, np.float32))
