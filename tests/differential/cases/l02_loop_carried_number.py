"""Language: counters carried through a while and a for loop start as run-time values (asc.number), the form CANN's
tracer accepts where a Python int re-bound in the loop body is refused; augmented assignment updates them."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 2048)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 512)
    t = buf.get(asc.float32)
    i = asc.number(0, asc.int32)
    while i < n:
        asc.data_copy(t, x_gm[i * 128:], 128)
        asc.adds(t, t, 1.0, 128)
        asc.data_copy(x_gm[i * 128:], t, 128)
        i += 1
    offset = asc.number(0, asc.int32)
    for _k in range(n):
        offset += 128
    asc.data_copy(t, x_gm[offset:], 128)
    asc.muls(t, t, 0.5, 128)
    asc.data_copy(x_gm[offset:], t, 128)


def launch():
    kernel[1](np.zeros(2048, np.float32), 8)
