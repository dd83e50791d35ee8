"""Language: scalar arithmetic mixing int and float literals with run-time scalars (from parameters and
get_value): true and floor division, modulo, shifts, bitwise operators, unary minus of an int, comparisons."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 256)
    lo = t.get_value(0)
    hi = t.get_value(1)
    span = (hi - lo) * 0.5 + 1
    mid = lo / 2 + hi / 2.0
    asc.adds(t, t, 0.0 - mid, 256)
    asc.muls(t, t, span, 256)
    if lo < hi:
        asc.maxs(t, t, lo, 256)
    tiles = (n + 63) // 64
    rest = n % 64
    packed = (tiles << 8) | (rest & 0xFF)
    count = (packed >> 8) * 64 - (packed ^ packed)
    count = count + -tiles + tiles
    t.set_value(2, lo * 2.0 - 1.0)
    asc.data_copy(x_gm, t, count)


def launch():
    kernel[1](np.zeros(1024, np.float32), 256)
