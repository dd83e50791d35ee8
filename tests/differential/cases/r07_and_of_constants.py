"""Point 7, rejected: `and` between two compile-time bools (dtype predicates) inside a kernel.

CANN 1.1.1 lowers `and` to a logical_and of values, which a Python bool lacks (AttributeError).
"""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 512)
    t = buf.get(x.dtype)
    asc.data_copy(t, x_gm, 128)
    if x.dtype.is_int() and x.dtype.is_signed():
        asc.abs(t, t, 128)
    asc.data_copy(x_gm, t, 128)


def launch():
    kernel[1](np.zeros(128, np.int32))
