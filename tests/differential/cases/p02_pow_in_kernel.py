"""Point 2: `2**64 - 1` and a list of masks computed inside the kernel (CANN's vector unit tests do this)."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    full = 2**64 - 1
    masks = [full, full]
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float16)
    asc.data_copy(t, x_gm, 128)
    asc.muls(t, t, 2.0, masks, 1, asc.UnaryRepeatParams(1, 1, 8, 8))
    asc.data_copy(x_gm, t, 128)


def launch():
    kernel[1](np.zeros(128, np.float16))
