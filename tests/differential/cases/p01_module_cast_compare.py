"""Point 1 baseline: cast, compare with a scalar and select, with the sizes of the mask buffer spelled out."""

import asc
import numpy as np

N = 256


@asc.jit
def clamp_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    h_buf = asc.TBuf(asc.TPosition.VECCALC)
    f_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(h_buf, N * 2)
    pipe.init_buffer(f_buf, N * 4)
    h = h_buf.get(asc.float16)
    f = f_buf.get(asc.float32)
    asc.data_copy(h, x_gm, N)
    asc.cast(f, h, asc.RoundMode.CAST_NONE, N)
    asc.mins(f, f, 6.0, N)
    asc.maxs(f, f, 0.0, N)
    asc.cast(h, f, asc.RoundMode.CAST_ROUND, N)
    asc.data_copy(y_gm, h, N)


def launch():
    x = np.zeros(N, np.float16)
    clamp_kernel[1](x, np.zeros_like(x))
