"""compare writing its bit mask into a float16 tensor: CANN's tracer checks no dtype of dst."""

import asc
import numpy as np

N = 256


@asc.jit
def cmp_dst_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
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
    m = b_buf.get(asc.float16)
    asc.data_copy(a, x_gm, N)
    asc.compare(m, a, a, asc.CMPMODE.LT, N)
    asc.data_copy(z_gm, a, N)


def launch():
    cmp_dst_kernel[1](np.ones(N, np.float16), np.zeros(N, np.float16))
