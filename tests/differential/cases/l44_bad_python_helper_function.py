"""Language, rejected: a plain Python function (not @asc.jit) called from a kernel; CANN's tracer refuses to reference
it (Unsupported function referenced), even with compile-time arguments."""

import asc
import numpy as np


def tile_bytes(count):
    return count * 4


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, tile_bytes(64) // 4)
    asc.data_copy(x_gm, t, 64)


def launch():
    kernel[1](np.zeros(1024, np.float32), 8)
