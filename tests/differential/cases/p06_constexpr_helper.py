"""Point 6: a helper's `asc.ConstExpr[...]` parameters are compile-time: an `if` on one folds and one sizes a call;
the kernel passes its own ConstExpr (given at launch) and a module constant.  (CANN 1.1.1 traces a helper once, at its
first call, and reuses that trace for later calls with other values; we specialize per value, test_lang.py.)"""

import asc
import numpy as np

FLAG = False


@asc.jit
def scale(t: asc.LocalTensor, count: asc.ConstExpr[int], twice: asc.ConstExpr[bool]) -> None:
    if twice:
        asc.muls(t, t, 2.0, count)
    else:
        asc.adds(t, t, 1.0, count)


@asc.jit
def kernel(x: asc.GlobalAddress, n: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 512)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 128)
    scale(t, n, FLAG)
    asc.data_copy(x_gm, t, 128)


def launch():
    kernel[1](np.zeros(128, np.float32), 128)
