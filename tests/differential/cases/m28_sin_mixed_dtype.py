"""adv.sin with a float32 dst and a half src: CANN's tracer accepts, Ascend C has no such Sin."""

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
    dst = buf.get_with_offset(N, 1024, asc.float32)
    asc.data_copy(src, x_gm, N)
    asc.adv.sin(dst, src, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(y_gm, dst, N)


def launch():
    x = np.zeros(N, np.float16)
    kernel[1](x, np.zeros_like(x))
