"""Unary vector APIs: abs and exp on float16/float32 in the count and both repeat forms (keyword and positional),
bitwise_not on int16 and uint16."""

import asc
import numpy as np

N = 512


@asc.jit
def unary_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 4)
    pipe.init_buffer(b_buf, N * 4)
    a = a_buf.get(asc.float32)
    b = b_buf.get(asc.float32)
    asc.data_copy(a, x_gm, N)
    params = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.abs(b, a, N)
    asc.abs(b, a, mask=64, repeat_times=8, repeat_params=params)
    asc.abs(b, b, [0, 2**64 - 1], 8, params, False)
    asc.exp(b, b, count=N)
    asc.exp(b, a, 64, 8, params)
    asc.exp(b, a, mask=[0, 2**32 - 1], repeat_times=8, repeat_params=params, is_set_mask=True)
    h = a_buf.get(asc.float16)
    asc.abs(h, h, count=N)
    asc.exp(h, h, N)
    s = a_buf.get(asc.int16)
    t = b_buf.get(asc.int16)
    asc.bitwise_not(t, s, N)
    asc.bitwise_not(t, s, 128, 4, params)
    u = a_buf.get(asc.uint16)
    v = b_buf.get(asc.uint16)
    asc.bitwise_not(v, u, mask=[2**64 - 1, 2**64 - 1], repeat_times=4, repeat_params=params)
    asc.data_copy(z_gm, b, N)


def launch():
    x = np.ones(N, np.float32)
    unary_kernel[1](x, np.zeros_like(x))
