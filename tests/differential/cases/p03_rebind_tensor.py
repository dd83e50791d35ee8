"""Point 3: straight-line re-binding of a tensor name to a tensor of another dtype."""

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
    pipe.init_buffer(b_buf, 128)
    t = a_buf.get(asc.float32)
    asc.data_copy(t, x_gm, 64)
    src = t
    t = b_buf.get(asc.float16)
    asc.cast(t, src, asc.RoundMode.CAST_NONE, 64)
    asc.data_copy(y_gm, t, 64)


def launch():
    kernel[1](np.zeros(64, np.float32), np.zeros(64, np.float16))
