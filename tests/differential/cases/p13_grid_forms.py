"""Point 13: the bracket forms CANN reads as (core_num, stream): an int, a pair, a one-element list, nothing."""

import asc
import numpy as np

CORES = 2


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 64)
    asc.adds(t, t, 1.0, 64)
    asc.data_copy(x_gm, t, 64)


def launch():
    x = np.zeros(64, np.float32)
    kernel[CORES](x)
    kernel[CORES, None](x)
    kernel[[CORES]](x)
    kernel[()](x)
