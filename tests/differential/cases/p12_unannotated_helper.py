"""Point 12: helper parameters without annotations take their types from the call; a GlobalAddress-annotated
parameter receives a GlobalTensor (CANN reads no annotation but ConstExpr)."""

import asc
import numpy as np


@asc.jit
def scale(dst, src, factor, n):
    asc.muls(dst, src, factor, n)


@asc.jit
def store(dst: asc.GlobalAddress, src: asc.LocalTensor, n: int) -> None:
    asc.data_copy(dst, src, n)


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 256)
    scale(t, t, 0.25, 256)
    store(x_gm, t, 256)


def launch():
    kernel[1](np.zeros(256, np.float32))
