"""Converting binary ops: mul_cast (half -> int8/uint8) and sub_relu_cast (float -> half, half -> int8), in the
count form and both repeat forms."""

import asc
import numpy as np

N = 256


@asc.jit
def cast_binary_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    hbuf = asc.TBuf(asc.TPosition.VECCALC)
    fbuf = asc.TBuf(asc.TPosition.VECCALC)
    obuf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(hbuf, N * 2)
    pipe.init_buffer(fbuf, N * 4)
    pipe.init_buffer(obuf, N * 2)
    h = hbuf.get(asc.float16)
    f = fbuf.get(asc.float32)
    o8 = obuf.get(asc.int8)
    u8 = obuf.get(asc.uint8)
    oh = obuf.get(asc.float16)
    asc.data_copy(h, x_gm, N)
    asc.mul_cast(o8, h, h, N)
    params = asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8)
    asc.mul_cast(u8, h, h, mask=128, repeat_times=2, repeat_params=params)
    asc.mul_cast(o8, h, h, [2**64 - 1, 2**64 - 1], 2, params)
    asc.cast(f, h, asc.RoundMode.CAST_NONE, N)
    asc.sub_relu_cast(oh, f, f, N)
    asc.sub_relu_cast(oh, f, f, 64, 4, asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8))
    asc.sub_relu_cast(o8, h, h, mask=[0, 2**64 - 1], repeat_times=2, repeat_params=params, is_set_mask=False)
    asc.data_copy(y_gm, h, N)


def launch():
    x = np.ones(N, np.float16)
    cast_binary_kernel[1](x, np.zeros_like(x))
