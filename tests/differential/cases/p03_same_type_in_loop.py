"""Point 3: inside a loop a run-time scalar is re-bound to a value of the same type (loop-carried)."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 512)
    t = buf.get(asc.float32)
    offset = n * 0
    for _ in range(n):
        asc.data_copy(t, x_gm[offset:], 128)
        asc.adds(t, t, 1.0, 128)
        asc.data_copy(x_gm[offset:], t, 128)
        offset = offset + 128


def launch():
    kernel[1](np.zeros(1024, np.float32), 8)
