"""Rejected: cast_deq with is_vec_deq/half_block keywords, which CANN's API page lists but its tracer does not
take (the count form has no further parameters)."""

import asc
import numpy as np

N = 256


@asc.jit
def cast_deq_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    s_buf = asc.TBuf(asc.TPosition.VECCALC)
    d_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(s_buf, N * 2)
    pipe.init_buffer(d_buf, N)
    s16 = s_buf.get(asc.int16)
    i8 = d_buf.get(asc.int8)
    asc.data_copy(s16, x_gm, N)
    asc.set_deq_scale(0.5, 0, False)
    asc.cast_deq(i8, s16, count=N, is_vec_deq=False, half_block=False)
    asc.data_copy(z_gm, i8, N)


def launch():
    cast_deq_kernel[1](np.ones(N, np.int16), np.zeros(N, np.int8))
