"""fwk.TBuf.get_with_offset, rejected: a buf_offset that is not a multiple of 32 bytes."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 8)
    t = buf.get_with_offset(N, 48, asc.float32)
    asc.data_copy(t, x_gm, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(y_gm, t, N)


def launch():
    x = np.zeros(N, np.float32)
    kernel[1](x, np.zeros_like(x), N)
