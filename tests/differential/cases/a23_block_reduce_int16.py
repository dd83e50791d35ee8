"""block_reduce_sum on int16 data: CANN's tracer checks no dtype of the block reductions."""

import asc
import numpy as np

N = 256


@asc.jit
def block_int_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 4)
    pipe.init_buffer(b_buf, N * 4)
    a = a_buf.get(asc.int16)
    b = b_buf.get(asc.int16)
    asc.data_copy(a, x_gm, N)
    asc.block_reduce_sum(b, a, 2, 128, 1, 1, 8)
    asc.data_copy(z_gm, b, N)


def launch():
    block_int_kernel[1](np.ones(N, np.int16), np.zeros(N, np.int16))
