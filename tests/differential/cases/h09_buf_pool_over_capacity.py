"""A TBufPool of 300 KiB on a SoC with 184 KiB of Unified Buffer, with every size known: CANN's tracer accepts it and
the device has no memory for it (the simulator stops it, PS103); we report PA601 as an error, counting the pool once
and the buffer carved from it not again."""

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
    pool = asc.TBufPool(asc.TPosition.VECCALC)
    pipe.init_buf_pool(pool, 300 * 1024)
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pool.init_buffer(buf, N * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, N)
    asc.data_copy(y_gm, t, N)


def launch():
    kernel[1](np.ones(N, np.float32), np.zeros(N, np.float32))
