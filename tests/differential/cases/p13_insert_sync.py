"""Point 13: @asc.jit(insert_sync=True) on a kernel without queues: CANN inserts the pipe barriers itself."""

import asc
import numpy as np


@asc.jit(insert_sync=True)
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 64)
    asc.exp(t, t, 64)
    asc.data_copy(x_gm, t, 64)


def launch():
    kernel[1](np.zeros(64, np.float32))
