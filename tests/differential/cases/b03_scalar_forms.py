"""Tensor-scalar ops (maxs, mins, muls, shift_left, shift_right): count form, keyword forms, both repeat forms and
is_set_mask, with float scalars on half tensors and int scalars on int16/int32 tensors."""

import asc
import numpy as np

N = 256


@asc.jit
def scalar_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, s: float) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    ibuf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 2)
    pipe.init_buffer(ibuf, N * 4)
    h = buf.get(asc.float16)
    i = ibuf.get(asc.int32)
    asc.data_copy(h, x_gm, N)
    asc.maxs(h, h, 0.5, N)
    asc.mins(h, h, scalar=6.0, count=N, is_set_mask=True)
    asc.muls(h, h, s, N)
    params = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.muls(h, h, 2.0, mask=128, repeat_times=2, repeat_params=params)
    asc.maxs(h, h, 1.0, [2**64 - 1, 2**64 - 1], 2, params, False)
    asc.mins(h, h, 3, 128, 2, params)
    asc.duplicate(i, 7, N)
    asc.shift_left(i, i, 2, N)
    asc.shift_right(i, i, scalar=1, count=N)
    asc.shift_left(i, i, 3, mask=64, repeat_times=4, repeat_params=params)
    asc.shift_right(i, i, 1, [0, 2**64 - 1], 4, params, is_set_mask=False)
    asc.muls(i, i, 3, N)
    s16 = i.reinterpret_cast(asc.int16)
    asc.shift_left(s16, s16, 1, N * 2)
    asc.data_copy(y_gm, h, N)


def launch():
    x = np.ones(N, np.float16)
    scalar_kernel[1](x, np.zeros_like(x), 1.5)
