"""Rejected: TBuf.get_with_offset with a run-time buf_offset (a multiple of 32 on every core): CANN's pyasc tests
the offset's alignment while tracing, which a run-time value fails."""

import asc
import numpy as np

N = 128


@asc.jit
def runtime_offset_kernel(x: asc.GlobalAddress, blocks: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 8)
    t = buf.get_with_offset(N, blocks * 32, asc.float16)
    asc.data_copy(t, x_gm, N)


def launch():
    runtime_offset_kernel[1](np.zeros(N, np.float16), 2)
