"""Rejected by CANN's tracer: the result of get_sort_len used as a copy length (CANN returns its IR value bare,
which no later operation can take)."""

import asc
import numpy as np

N = 128


@asc.jit
def sort_len_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 4)
    t = buf.get(asc.float32)
    length = asc.get_sort_len(16)
    asc.data_copy(t, x_gm, length)
    asc.data_copy(z_gm, t, N)


def launch():
    x = np.ones(N, np.float32)
    sort_len_kernel[1](x, np.zeros_like(x))
