"""Binary vector APIs in their count form: positional and keyword count, is_set_mask given, each dtype family
(add on int32, div and fused_mul_add on float, bitwise_and/or on int16/uint16, add_relu on float16)."""

import asc
import numpy as np

N = 256


@asc.jit
def binary_count_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    c_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 4)
    pipe.init_buffer(b_buf, N * 4)
    pipe.init_buffer(c_buf, N * 4)
    a = a_buf.get(asc.float32)
    b = b_buf.get(asc.float32)
    c = c_buf.get(asc.float32)
    asc.data_copy(a, x_gm, N)
    asc.data_copy(b, y_gm, N)
    asc.add(c, a, b, N)
    asc.div(c, c, b, count=N)
    asc.fused_mul_add(c, a, b, N, True)
    asc.fused_mul_add_relu(c, a, b, count=N, is_set_mask=False)
    ai = a_buf.get(asc.int32)
    bi = b_buf.get(asc.int32)
    asc.add(ai, ai, bi, count=N)
    ah = a_buf.get(asc.float16)
    bh = b_buf.get(asc.float16)
    asc.add_relu(ah, ah, bh, N)
    s16 = a_buf.get(asc.int16)
    t16 = b_buf.get(asc.int16)
    asc.bitwise_and(s16, s16, t16, N)
    u16 = c_buf.get(asc.uint16)
    v16 = b_buf.get(asc.uint16)
    asc.bitwise_or(u16, u16, v16, count=N)
    asc.data_copy(z_gm, c, N)


def launch():
    x = np.ones(N, np.float32)
    binary_count_kernel[1](x, np.ones_like(x), np.zeros_like(x))
