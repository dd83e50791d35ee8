"""Point 7: `&` of two dtype predicates (Python bools at trace time), the form CANN accepts where `and` of
two compile-time bools fails (r07_and_of_constants)."""

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
    if x.dtype.is_int() & x.dtype.is_signed():
        asc.relu(t, t, 128)
    asc.data_copy(x_gm, t, 128)


def launch():
    kernel[1](np.zeros(128, np.int32))
