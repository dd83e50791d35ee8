"""Rejected: CopyRepeatParams built with the camelCase keywords of the C++ struct (dstStride=...); CANN's
constructor takes dst_stride, src_stride, dst_repeat_size and src_repeat_size."""

import asc
import numpy as np

N = 256


@asc.jit
def copy_camel_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 2)
    pipe.init_buffer(b_buf, N * 2)
    src = a_buf.get(asc.float16)
    dst = b_buf.get(asc.float16)
    asc.data_copy(src, x_gm, N)
    params = asc.CopyRepeatParams(dstStride=1, srcStride=1, dstRepeatSize=8, srcRepeatSize=8)
    asc.copy(dst, src, mask=128, repeat_time=2, repeat_params=params)
    asc.data_copy(z_gm, dst, N)


def launch():
    copy_camel_kernel[1](np.ones(N, np.float16), np.zeros(N, np.float16))
