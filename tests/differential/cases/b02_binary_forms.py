"""Binary vector ops (mul, sub, max, min, mul_add_dst, sub_relu): the count form with and without is_set_mask,
by keyword, and both repeat forms with BinaryRepeatParams, on float and int32 tensors."""

import asc
import numpy as np

N = 256


@asc.jit
def binary_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    buf_a = asc.TBuf(asc.TPosition.VECCALC)
    buf_b = asc.TBuf(asc.TPosition.VECCALC)
    buf_c = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf_a, N * 4)
    pipe.init_buffer(buf_b, N * 4)
    pipe.init_buffer(buf_c, N * 4)
    a = buf_a.get(asc.float32)
    b = buf_b.get(asc.float32)
    c = buf_c.get(asc.float32)
    asc.data_copy(a, x_gm, N)
    asc.data_copy(b, y_gm, N)
    asc.mul(c, a, b, N)
    asc.sub(c, c, b, count=N, is_set_mask=False)
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    asc.max(c, a, b, mask=64, repeat_times=4, repeat_params=params)
    asc.min(c, c, a, [0, 2**64 - 1], 4, params)
    asc.mul_add_dst(c, a, b, N)
    asc.mul_add_dst(c, a, b, 64, 4, params, False)
    asc.sub_relu(c, a, b, N)
    asc.sub_relu(c, a, b, mask=[2**32 - 1, 2**32 - 1], repeat_times=4, repeat_params=asc.BinaryRepeatParams())
    ia = a.reinterpret_cast(asc.int32)
    ib = b.reinterpret_cast(asc.int32)
    asc.max(ia, ia, ib, N)
    asc.min(ib, ia, ib, count=N)
    asc.data_copy(z_gm, c, N)


def launch():
    x = np.ones(N, np.float32)
    binary_kernel[1](x, np.ones_like(x), np.zeros_like(x))
