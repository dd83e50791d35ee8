"""gather with int32 offsets: CANN's tracer checks no dtype of the offset tensor."""

import asc
import numpy as np

N = 256


@asc.jit
def gather_off_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
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
    off = b_buf.get(asc.int32)
    asc.data_copy(a, x_gm, N)
    asc.gather(a, a, off, 0, N)
    asc.data_copy(z_gm, a, N)


def launch():
    gather_off_kernel[1](np.ones(N, np.float16), np.zeros(N, np.float16))
