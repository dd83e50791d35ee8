"""Unary vector ops (ln, reciprocal, relu, rsqrt, sqrt): the count form, positional and by keyword, and both
repeat forms (a lane count and a two-word bit mask) with UnaryRepeatParams, with and without is_set_mask."""

import asc
import numpy as np

N = 512


@asc.jit
def unary_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    buf_a = asc.TBuf(asc.TPosition.VECCALC)
    buf_b = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf_a, N * 2)
    pipe.init_buffer(buf_b, N * 2)
    a = buf_a.get(asc.float16)
    b = buf_b.get(asc.float16)
    asc.data_copy(a, x_gm, N)
    asc.ln(b, a, N)
    asc.reciprocal(a, b, count=N)
    lanes = 256 // asc.half.sizeof()
    params = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.relu(b, a, mask=lanes, repeat_times=4, repeat_params=params)
    full = 2**64 - 1
    asc.rsqrt(a, b, [full, full], 4, params)
    asc.sqrt(b, a, lanes, 4, asc.UnaryRepeatParams(), is_set_mask=False)
    asc.ln(a, b, mask=[0, full], repeat_times=2, repeat_params=params, is_set_mask=True)
    asc.data_copy(y_gm, a, N)


def launch():
    x = np.ones(N, np.float16)
    unary_kernel[1](x, np.zeros_like(x))
