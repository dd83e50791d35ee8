"""Point 1: kernels defined inside ordinary functions (as CANN's tests write them), two of them named alike.

They read module-level names and call a module-level helper; the launches run only when the test functions do.
"""

import asc
import numpy as np

LENGTH = 128


@asc.jit
def scale(t: asc.LocalTensor, factor: float):
    asc.muls(t, t, factor, LENGTH)


def test_scale_half():
    @asc.jit
    def kernel(x: asc.GlobalAddress) -> None:
        x_gm = asc.GlobalTensor()
        x_gm.set_global_buffer(x, LENGTH)
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf, LENGTH * 2)
        t = buf.get(asc.float16)
        asc.data_copy(t, x_gm, LENGTH)
        scale(t, 2.0)
        asc.data_copy(x_gm, t, LENGTH)

    kernel[1](np.zeros(LENGTH, np.float16))


def test_scale_float():
    if LENGTH > 0:
        @asc.jit
        def kernel(x: asc.GlobalAddress) -> None:
            x_gm = asc.GlobalTensor()
            x_gm.set_global_buffer(x, LENGTH)
            pipe = asc.TPipe()
            buf = asc.TBuf(asc.TPosition.VECCALC)
            pipe.init_buffer(buf, LENGTH * 4)
            t = buf.get(asc.float32)
            asc.data_copy(t, x_gm, LENGTH)
            scale(t, 0.5)
            asc.data_copy(x_gm, t, LENGTH)

        kernel[1](np.zeros(LENGTH, np.float32))
