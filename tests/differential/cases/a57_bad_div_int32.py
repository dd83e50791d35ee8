"""Rejected: div on int32 tensors (CANN's div takes float16 and float32 only)."""

import asc
import numpy as np

N = 256


@asc.jit
def div_int_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 4)
    pipe.init_buffer(b_buf, N * 4)
    a = a_buf.get(asc.int32)
    b = b_buf.get(asc.int32)
    asc.data_copy(a, x_gm, N)
    asc.div(b, a, a, 64, 4, asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8))
    asc.data_copy(z_gm, b, N)


def launch():
    div_int_kernel[1](np.ones(N, np.int32), np.zeros(N, np.int32))
