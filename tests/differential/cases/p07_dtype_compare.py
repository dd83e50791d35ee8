"""Point 7: comparing a parameter's dtype with a DataType (`x.dtype == asc.float32`) at trace time."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    y_gm.set_global_buffer(y, 64)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, 256)
    pipe.init_buffer(b_buf, 256)
    a = a_buf.get(x.dtype)
    b = b_buf.get(y.dtype)
    asc.data_copy(a, x_gm, 64)
    if x.dtype == y.dtype:
        asc.adds(b, a, 0.0, 64)
    else:
        asc.cast(b, a, asc.RoundMode.CAST_NONE, 64)
    asc.data_copy(y_gm, b, 64)


def launch():
    kernel[1](np.zeros(64, np.float32), np.zeros(64, np.float16))
