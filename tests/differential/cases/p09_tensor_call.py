"""Point 9: `t(i)` on a LocalTensor with a run-time index is the tensor from element i (CANN's bracket form)."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, offset: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 64)
    asc.adds(t(offset), t, 1.0, 32)
    asc.data_copy(x_gm, t, 64)


def launch():
    kernel[1](np.zeros(64, np.float32), 32)
