"""Rejected: asc.bfloat16 as a dtype (CANN's asc exports no bfloat16, bool_ or bit name)."""

import asc
import numpy as np

N = 128


@asc.jit
def bfloat16_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 2)
    pipe.init_buffer(b_buf, N * 2)
    a = a_buf.get(asc.bfloat16)
    b = b_buf.get(asc.bfloat16)
    asc.data_copy(b, a, N)


def launch():
    bfloat16_kernel[1](np.zeros(N, np.float16), np.zeros(N, np.float16))
