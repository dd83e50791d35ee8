"""Language, rejected: int() of a run-time scalar read from a tensor; the tracer runs Python's int() on its IR
value (TypeError)."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 64)
    scale = t.get_value(0)
    steps = int(scale)
    asc.adds(t, t, 1.0, steps)
    asc.data_copy(x_gm, t, 64)


def launch():
    kernel[1](np.zeros(1024, np.float32))
