"""adv.xor on float tensors: CANN's tracer leaves the dtype to the C++ compiler; Ascend C's Xor takes int16 and
uint16."""

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
    src = buf.get_with_offset(N, 0, asc.float32)
    dst = buf.get_with_offset(N, 1024, asc.float32)
    asc.data_copy(src, x_gm, N)
    asc.adv.xor(dst, src, src, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(y_gm, dst, N)


def launch():
    x = np.zeros(N, np.float32)
    kernel[1](x, np.zeros_like(x))
