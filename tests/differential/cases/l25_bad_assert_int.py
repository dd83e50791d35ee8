"""Language, rejected: an assert whose condition is a number (a length), not a comparison; CANN's tracer requires a
bool there."""

import asc
import numpy as np

SHAPE = (16, 64)


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    assert len(SHAPE), "SHAPE must not be empty"
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, SHAPE[1])
    asc.data_copy(x_gm, t, SHAPE[1])


def launch():
    kernel[1](np.zeros(1024, np.float32))
