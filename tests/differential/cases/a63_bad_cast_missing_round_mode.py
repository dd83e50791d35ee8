"""Rejected: cast without its round mode (every form of cast takes one after src)."""

import asc
import numpy as np

N = 256


@asc.jit
def cast_no_mode_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 4)
    pipe.init_buffer(b_buf, N * 4)
    h = a_buf.get(asc.float16)
    f = b_buf.get(asc.float32)
    asc.data_copy(h, x_gm, N)
    asc.cast(f, h, N)
    asc.data_copy(z_gm, h, N)


def launch():
    cast_no_mode_kernel[1](np.ones(N, np.float16), np.zeros(N, np.float16))
