"""Point 5: a helper returns a tuple that the caller unpacks."""

import asc
import numpy as np


@asc.jit
def split(n: int, parts: int):
    per = n // parts
    return per, n - per * (parts - 1)


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 4096)
    t = buf.get(asc.float32)
    head, tail = split(n, 4)
    asc.data_copy(t, x_gm, head)
    asc.adds(t, t, 2.0, tail)
    asc.data_copy(x_gm, t, head)


def launch():
    kernel[1](np.zeros(1024, np.float32), 1024)
