"""Vector-with-scalar APIs: adds (int and float scalars, count and both repeat forms, keywords), leaky_relu on
float16 and float32, axpy (half into half, half into float, float) in its count and repeat forms."""

import asc
import numpy as np

N = 512


@asc.jit
def scalar_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 4)
    pipe.init_buffer(b_buf, N * 4)
    a = a_buf.get(asc.float16)
    b = b_buf.get(asc.float16)
    asc.data_copy(a, x_gm, N)
    scalar = 2
    params = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.adds(b, a, scalar, mask=128, repeat_times=4, repeat_params=params)
    asc.adds(b, a, scalar, mask=[2**64 - 1, 2**64 - 1], repeat_times=4, repeat_params=params)
    asc.adds(b, a, 0.5, count=N)
    asc.adds(b, b, 1.5, N, False)
    asc.leaky_relu(b, a, 0.01, N)
    asc.leaky_relu(b, a, 0.01, 128, 4, params)
    asc.leaky_relu(b, a, scalar=0.2, mask=[0, 2**64 - 1], repeat_times=4, repeat_params=params, is_set_mask=True)
    asc.axpy(b, a, 2.0, N)
    asc.axpy(b, a, 0.5, 128, 4, params)
    f = a_buf.get(asc.float32)
    asc.axpy(f, b, 0.5, 64, 4, asc.UnaryRepeatParams(1, 1, 8, 4))
    asc.axpy(f, f, scalar=3.0, count=256)
    asc.leaky_relu(f, f, 0.1, count=256)
    ai = a_buf.get(asc.int32)
    asc.adds(ai, ai, 7, 256)
    asc.data_copy(z_gm, b, N)


def launch():
    x = np.ones(N, np.float16)
    scalar_kernel[1](x, np.zeros_like(x))
