"""Point 1, rejected: a nested kernel reads locals of its enclosing function.

CANN 1.1.1 resolves a kernel's names in its module only: NameError.
"""

import asc
import numpy as np


def launch():
    length = 512
    factor = 3.0

    @asc.jit
    def kernel(x: asc.GlobalAddress) -> None:
        x_gm = asc.GlobalTensor()
        x_gm.set_global_buffer(x, length)
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf, length * 2)
        t = buf.get(asc.float16)
        asc.data_copy(t, x_gm, length)
        asc.muls(t, t, factor, length)
        asc.data_copy(x_gm, t, length)

    kernel[1](np.zeros(length, np.float16))
