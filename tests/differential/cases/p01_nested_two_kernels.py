"""Point 1: one function defines and launches a kernel; a module-level kernel of the file is not launched."""

import asc
import numpy as np


@asc.jit
def unused(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 16)


def launch():
    @asc.jit
    def kernel(x: asc.GlobalAddress, n: int) -> None:
        x_gm = asc.GlobalTensor()
        x_gm.set_global_buffer(x, n)
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf, 512)
        t = buf.get(asc.int32)
        asc.duplicate(t, 3, 128)
        asc.data_copy(x_gm, t, 128)

    kernel[1](np.zeros(128, np.int32), 128)
