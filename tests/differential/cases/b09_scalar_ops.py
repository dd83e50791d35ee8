"""Scalar helpers: scalar_cast to int32 and half with round modes (dtype and mode bound to names first, as the page
does), scalar_count_leading_zero, scalar_get_count_of_value and scalar_get_sff_value on literal and run-time
values, with their results used in a tensor call."""

import asc
import numpy as np

N = 256


@asc.jit
def scalar_kernel(x: asc.GlobalAddress, v: int, f: float) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    t = asc.LocalTensor(dtype=asc.int32, pos=asc.TPosition.VECCALC, addr=0, tile_size=N)
    value_in = 2.5
    dtype = asc.int32
    round_mode = asc.RoundMode.CAST_ROUND
    value_out = asc.scalar_cast(value_in, dtype, round_mode)
    as_half = asc.scalar_cast(f, asc.float16, asc.RoundMode.CAST_NONE)
    zeros = asc.scalar_count_leading_zero(v)
    ones = asc.scalar_get_count_of_value(v, 1)
    first = asc.scalar_get_sff_value(28, 1)
    first_zero = asc.scalar_get_sff_value(value_in=v, count_value=0)
    asc.duplicate(t, value_out, N)
    asc.adds(t, t, zeros + ones + first + first_zero, N)
    h = t.reinterpret_cast(asc.float16)
    asc.muls(h, h, as_half, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(x_gm, t, N)


def launch():
    scalar_kernel[1](np.zeros(N, np.int32), 12345, 0.5)
