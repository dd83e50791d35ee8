"""Point 13: @asc.jit options at decoration and at launch."""

import asc
import numpy as np


@asc.jit(opt_level=2, insert_sync=False, auto_sync=True)
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 512)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 128)
    asc.exp(t, t, 128)
    asc.data_copy(x_gm, t, 128)


def launch():
    kernel[1](np.zeros(128, np.float32), always_compile=True, debug=False)
