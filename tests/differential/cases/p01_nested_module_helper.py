"""Point 1: a kernel nested in a test-style function calls a module-level helper and reads a module constant."""

import asc
import numpy as np

COUNT = 256


@asc.jit
def double(t: asc.LocalTensor, n: int) -> None:
    asc.muls(t, t, 2.0, n)


def test_double():
    @asc.jit
    def kernel(x: asc.GlobalAddress) -> None:
        x_gm = asc.GlobalTensor()
        x_gm.set_global_buffer(x, COUNT)
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf, COUNT * 4)
        t = buf.get(asc.float32)
        asc.data_copy(t, x_gm, COUNT)
        double(t, COUNT)
        asc.data_copy(x_gm, t, COUNT)

    kernel[1](np.zeros(COUNT, np.float32))


def launch():
    test_double()
