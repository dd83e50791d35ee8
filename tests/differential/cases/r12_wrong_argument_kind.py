"""Point 12, rejected: a LocalTensor passed where data_copy needs a GlobalTensor source (no overload matches)."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float32)
    asc.data_copy(t, 5, 64)


def launch():
    kernel[1](np.zeros(64, np.float32))
