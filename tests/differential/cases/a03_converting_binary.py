"""The converting binary APIs: add_deq_relu (int32 inputs into half) in its three forms, add_relu_cast from float32
to half and from half to int8, with count and repeat forms."""

import asc
import numpy as np

N = 256


@asc.jit
def converting_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
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
    pipe.init_buffer(c_buf, N * 2)
    a = a_buf.get(asc.int32)
    b = b_buf.get(asc.int32)
    h = c_buf.get(asc.float16)
    asc.data_copy(a, x_gm, N)
    asc.data_copy(b, y_gm, N)
    asc.set_deq_scale(1.0)
    asc.add_deq_relu(h, a, b, N)
    params = asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8)
    asc.add_deq_relu(h, a, b, 64, 4, params)
    asc.add_deq_relu(h, a, b, mask=[0, 2**64 - 1], repeat_times=4, repeat_params=params, is_set_mask=True)
    fa = a_buf.get(asc.float32)
    fb = b_buf.get(asc.float32)
    asc.add_relu_cast(h, fa, fb, N)
    asc.add_relu_cast(h, fa, fb, 64, 4, params)
    ha = a_buf.get(asc.float16)
    hb = b_buf.get(asc.float16)
    i8 = c_buf.get(asc.int8)
    asc.add_relu_cast(i8, ha, hb, count=N)
    asc.add_relu_cast(i8, ha, hb, mask=[2**64 - 1, 2**64 - 1], repeat_times=2,
                      repeat_params=asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8))
    asc.data_copy(z_gm, h, N)


def launch():
    x = np.ones(N, np.int32)
    converting_kernel[1](x, np.ones_like(x), np.zeros(N, np.float16))
