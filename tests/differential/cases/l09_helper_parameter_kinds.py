"""Language: helpers with a positional-only parameter, keyword-only parameters (one a ConstExpr, one with a
default) and calls that pass them by position and by keyword; a helper calling a helper."""

import asc
import numpy as np


@asc.jit
def shift(t: asc.LocalTensor, offset: float, /, *, count: asc.ConstExpr[int], twice: bool = False) -> None:
    asc.adds(t, t, offset, count)


@asc.jit
def scale_shift(t: asc.LocalTensor, factor: float, offset: float, count: asc.ConstExpr[int]) -> None:
    asc.muls(t, t, factor, count)
    shift(t, offset, count=count)


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 256)
    shift(t, 1.0, count=256)
    shift(t, 2.0, twice=True, count=256)
    scale_shift(t, offset=0.5, factor=2.0, count=256)
    asc.data_copy(x_gm, t, 256)


def launch():
    kernel[1](np.zeros(1024, np.float32), 4)
