"""Point 9: LocalTensor subscripts: `t[i]` and `t[i:]` are the tensor from element i on."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, half: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 512)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 128)
    asc.add(t[half], t, t[64:], 64)
    asc.data_copy(x_gm, t, 128)


def launch():
    kernel[1](np.zeros(128, np.float32), 64)
