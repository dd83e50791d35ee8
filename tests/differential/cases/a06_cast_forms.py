"""cast in its count and repeat forms with several round modes and dtype pairs (half<->float, float->int32,
half->int8), and cast_deq (int16 into int8/uint8) in its three forms."""

import asc
import numpy as np

N = 256


@asc.jit
def cast_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    h_buf = asc.TBuf(asc.TPosition.VECCALC)
    f_buf = asc.TBuf(asc.TPosition.VECCALC)
    i_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(h_buf, N * 2)
    pipe.init_buffer(f_buf, N * 4)
    pipe.init_buffer(i_buf, N * 4)
    h = h_buf.get(asc.float16)
    f = f_buf.get(asc.float32)
    i = i_buf.get(asc.int32)
    asc.data_copy(h, x_gm, N)
    asc.cast(f, h, asc.RoundMode.CAST_NONE, N)
    asc.cast(i, f, asc.RoundMode.CAST_RINT, count=N)
    asc.cast(f, i, round_mode=asc.RoundMode.CAST_NONE, count=N)
    params = asc.UnaryRepeatParams(1, 1, 8, 4)
    asc.cast(f, h, asc.RoundMode.CAST_NONE, 64, 4, params)
    asc.cast(h, f, asc.RoundMode.CAST_ROUND, mask=[0, 2**64 - 1], repeat_times=4,
             repeat_params=asc.UnaryRepeatParams(1, 1, 4, 8), is_set_mask=True)
    asc.cast(h, f, asc.RoundMode.CAST_FLOOR, 64, 4, asc.UnaryRepeatParams(1, 1, 4, 8), False)
    i8 = i_buf.get(asc.int8)
    asc.cast(i8, h, asc.RoundMode.CAST_TRUNC, N)
    s16 = f_buf.get(asc.int16)
    asc.set_deq_scale(0.5, 0, False)
    asc.cast_deq(i8, s16, N)
    asc.cast_deq(i8, s16, count=N)
    u8 = i_buf.get(asc.uint8)
    asc.cast_deq(u8, s16, 128, 2, asc.UnaryRepeatParams(1, 1, 4, 8))
    asc.cast_deq(u8, s16, mask=[2**64 - 1, 2**64 - 1], repeat_times=2, repeat_params=asc.UnaryRepeatParams(1, 1, 4, 8),
                 is_set_mask=False)
    asc.data_copy(z_gm, h, N)


def launch():
    x = np.ones(N, np.float16)
    cast_kernel[1](x, np.zeros_like(x))
