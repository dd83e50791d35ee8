"""Language, rejected: one helper called with a float32 and then a float16 tensor; CANN's tracer compiles the helper
once per kernel, from its first call, and the second call does not fit it (Failed to run passes)."""

import asc
import numpy as np


@asc.jit
def bump(u: asc.LocalTensor) -> None:
    asc.adds(u, u, 1.0, 128)


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    h = buf.get(asc.float16)
    asc.data_copy(t, x_gm, 256)
    bump(t)
    bump(h)
    asc.data_copy(x_gm, t, 256)


def launch():
    kernel[1](np.zeros(1024, np.float32), 8)
