"""Rejected: add with a float32 destination and float16 sources (dst, src0 and src1 must share a dtype)."""

import asc
import numpy as np

N = 256


@asc.jit
def add_mixed_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 4)
    pipe.init_buffer(b_buf, N * 4)
    a = a_buf.get(asc.float16)
    b = b_buf.get(asc.float32)
    asc.data_copy(a, x_gm, N)
    asc.add(b, a, a, N)
    asc.data_copy(z_gm, a, N)


def launch():
    add_mixed_kernel[1](np.ones(N, np.float16), np.zeros(N, np.float16))
