"""adv.concat, rejected: the repeat_time left out."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 8192)
    src = buf.get_with_offset(N, 0, asc.float16)
    dst = buf.get_with_offset(N * 4, 1024, asc.float16)
    tmp = buf.get_with_offset(N * 4, 4096, asc.float16)
    asc.data_copy(src, x_gm, N)
    asc.adv.concat(dst, src, tmp)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(y_gm, dst, N)


def launch():
    x = np.zeros(N, np.float16)
    kernel[1](x, np.zeros_like(x))
