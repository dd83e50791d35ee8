"""Launch dtypes: a kernel that branches on its dtype at compile time (`if x_gm.dtype == asc.float16`), launched with
float16 and with int32 arrays; each signature takes its
branch (exp() of int32 is never traced)."""

import asc
import numpy as np

ELEMS = 256


@asc.jit
def scale_or_shift(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, ELEMS)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y, ELEMS)
    pipe = asc.TPipe()
    calc = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(calc, ELEMS * 4)
    work = calc.get(x_gm.dtype)
    asc.data_copy(work, x_gm, ELEMS)
    if x_gm.dtype == asc.float16:
        asc.exp(work, work, ELEMS)
    else:
        asc.adds(work, work, 3, ELEMS)
    asc.data_copy(y_gm, work, ELEMS)


def launch():
    scale_or_shift[1](np.zeros(ELEMS, np.float16), np.zeros(ELEMS, np.float16))
    scale_or_shift[1](np.zeros(ELEMS, np.int32), np.zeros(ELEMS, np.int32))
