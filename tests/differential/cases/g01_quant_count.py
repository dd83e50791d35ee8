"""adv.quant with its count, positional and by keyword (CANN 1.1.1's binding requires the count)."""

import asc
import numpy as np

N = 256


@asc.jit
def quant_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    src_buf = asc.TBuf(asc.TPosition.VECCALC)
    dst_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(src_buf, N * 4)
    pipe.init_buffer(dst_buf, N)
    src = src_buf.get(asc.float32)
    dst = dst_buf.get(asc.int8)
    asc.data_copy(src, x_gm, N)
    asc.adv.quant(dst, src, 2.0, 0.5, N)
    asc.adv.quant(dst, src, scale=1.0, offset=0.0, count=N)
    asc.data_copy(z_gm, dst, N)


def launch():
    quant_kernel[1](np.zeros(N, np.float32), np.zeros(N, np.int8))
