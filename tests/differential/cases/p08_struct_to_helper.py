"""Point 8: a user Struct parameter passed on to a helper, which reads its fields."""

import asc
import numpy as np
from asc.language.core.struct import Field, Struct


class Window(Struct):
    start = Field(dtype=asc.int32, default=0)
    length = Field(dtype=asc.int32, default=0)


@asc.jit
def load(t: asc.LocalTensor, g: asc.GlobalTensor, w: Window) -> None:
    asc.data_copy(t, g[w.start:], w.length)


@asc.jit
def kernel(x: asc.GlobalAddress, w: Window) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    load(t, x_gm, w)
    asc.data_copy(x_gm, t, w.length)


def launch():
    kernel[1](np.zeros(1024, np.float32), Window(start=128, length=256))
