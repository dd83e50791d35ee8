"""Point 1, rejected: a nested kernel calls a @asc.jit helper nested beside it.

CANN: NameError (helpers are looked up in the module).
"""

import asc
import numpy as np


def launch():
    @asc.jit
    def fill(t: asc.LocalTensor, n: int) -> None:
        asc.duplicate(t, 0.5, n)

    @asc.jit
    def kernel(y: asc.GlobalAddress) -> None:
        y_gm = asc.GlobalTensor()
        y_gm.set_global_buffer(y, 128)
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf, 512)
        t = buf.get(asc.float32)
        fill(t, 128)
        asc.data_copy(y_gm, t, 128)

    kernel[1](np.zeros(128, np.float32))
