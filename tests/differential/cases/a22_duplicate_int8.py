"""duplicate on an int8 tensor: CANN's tracer checks no dtype of duplicate."""

import asc
import numpy as np

N = 256


@asc.jit
def dup_int8_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
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
    asc.duplicate(a, 1, N)
    asc.data_copy(z_gm, a, N)


def launch():
    dup_int8_kernel[1](np.ones(N, np.int8), np.zeros(N, np.int8))
