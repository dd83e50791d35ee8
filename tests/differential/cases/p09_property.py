"""Point 9: asc.property of the platform sizes (DEFAULT_C0_SIZE, ONE_BLK_SIZE) in counts."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    block = asc.property(asc.ONE_BLK_SIZE)
    c0 = asc.property(asc.DEFAULT_C0_SIZE)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, block // 4 * c0 // 32)
    asc.data_copy(x_gm, t, block // 4)


def launch():
    kernel[1](np.zeros(256, np.float32))
