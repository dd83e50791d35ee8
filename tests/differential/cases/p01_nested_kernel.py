"""Point 1: a kernel defined inside an ordinary function and launched there (CANN's unit tests do this)."""

import asc
import numpy as np


def launch():
    @asc.jit
    def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
        x_gm = asc.GlobalTensor()
        y_gm = asc.GlobalTensor()
        x_gm.set_global_buffer(x, 256)
        y_gm.set_global_buffer(y, 256)
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe = asc.TPipe()
        pipe.init_buffer(buf, 1024)
        t = buf.get(asc.float32)
        asc.data_copy(t, x_gm, 256)
        asc.adds(t, t, 1.0, 256)
        asc.data_copy(y_gm, t, 256)

    x = np.zeros(256, np.float32)
    kernel[1](x, np.zeros_like(x))
