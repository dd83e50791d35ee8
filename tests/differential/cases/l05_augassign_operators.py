"""Language: augmented assignment with every integer operator on run-time values, the result a count."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: int, m: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    a = n + 0
    a += m
    a -= 1
    a *= 2
    a //= 3
    a %= 100
    a <<= 2
    a >>= 1
    a &= 0xF8
    a |= 8
    a ^= 16
    asc.data_copy(t, x_gm, 256)
    asc.adds(t, t, 1.0, a)
    asc.data_copy(x_gm, t, 256)


def launch():
    kernel[1](np.zeros(1024, np.float32), 64, 3)
