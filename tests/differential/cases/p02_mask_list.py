"""Point 2: `2**64 - 1` and a list of masks computed at compile time, passed as a mask argument."""

import asc
import numpy as np

FULL = 2**64 - 1


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    mask_hi = FULL
    mask_lo = FULL
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float16)
    asc.data_copy(t, x_gm, 128)
    params = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.adds(t, t, 1.0, [mask_hi, mask_lo], 1, params)
    asc.data_copy(x_gm, t, 128)


def launch():
    kernel[1](np.zeros(128, np.float16))
