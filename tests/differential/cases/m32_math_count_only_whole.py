"""adv.ceil / floor / round / lgamma / digamma on the whole tensor (no count): CANN's tracer accepts the form, which
Ascend C declares only with a calCount."""

import asc
import numpy as np

N = 256


@asc.jit
def whole_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 4096)
    src = buf.get_with_offset(N, 0, asc.float32)
    dst = buf.get_with_offset(N, 1024, asc.float32)
    asc.data_copy(src, x_gm, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.adv.ceil(dst, src)
    asc.adv.floor(dst, src)
    asc.adv.round(dst, src)
    asc.adv.lgamma(dst, src)
    asc.adv.digamma(dst, src)
    tmp = buf.get_with_offset(1024, 2048, asc.uint8)
    asc.adv.floor(dst, src, temp_buffer=tmp)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(y_gm, dst, N)


def launch():
    x = np.zeros(N, np.float32)
    whole_kernel[1](x, np.zeros_like(x))
