"""Point 7: DataType predicates of a parameter's dtype (is_float, is_int, is_signed) pick code at trace time."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 128 * x.dtype.sizeof())
    t = buf.get(x.dtype)
    asc.data_copy(t, x_gm, 128)
    if x.dtype.is_float():
        asc.exp(t, t, 128)
    if x.dtype.is_int():
        if x.dtype.is_signed():
            asc.abs(t, t, 128)
    asc.data_copy(x_gm, t, 128)


def launch():
    kernel[1](np.zeros(128, np.float16), 128)
