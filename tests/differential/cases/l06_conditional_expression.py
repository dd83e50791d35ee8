"""Language: conditional expressions `a if c else b` of numbers: a run-time scalar in CANN's tracer, even when the
condition is a module constant, passed as a count and as a scalar operand."""

import asc
import numpy as np

FAST = True


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    count = 256 if n >= 256 else 128
    scale = 0.5 if FAST else 0.25
    asc.data_copy(t, x_gm, count)
    asc.muls(t, t, scale, count)
    bias = t.get_value(0)
    shift = bias if n > 0 else 0.0
    asc.adds(t, t, shift, count)
    asc.data_copy(x_gm, t, count)


def launch():
    kernel[1](np.zeros(1024, np.float32), 256)
