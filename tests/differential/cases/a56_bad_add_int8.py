"""Rejected: add on int8 tensors (CANN's add takes float16, float32, int16 and int32)."""

import asc
import numpy as np

N = 256


@asc.jit
def add_int8_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 4)
    pipe.init_buffer(b_buf, N * 4)
    a = a_buf.get(asc.int8)
    b = b_buf.get(asc.int8)
    asc.data_copy(a, x_gm, N)
    asc.add(b, a, a, N)
    asc.data_copy(z_gm, b, N)


def launch():
    add_int8_kernel[1](np.ones(N, np.int8), np.zeros(N, np.int8))
