"""Point 4: `/` of a run-time integer by a module constant, used as a count."""

import asc
import numpy as np

PARTS = 4


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    part = n / PARTS
    asc.data_copy(t, x_gm, part)
    asc.data_copy(x_gm[part:], t, part)


def launch():
    kernel[1](np.zeros(1024, np.float32), 1024)
