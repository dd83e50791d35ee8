"""Point 4: `/` between run-time integers divides integers, as CANN's pyasc does (a warning suggests `//`);
between compile-time integers it is Python's float."""

import asc

TILE = 512


@asc.jit
def halve(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, TILE * 4)
    t = buf.get(asc.float32)
    half = n / 2
    asc.data_copy(t, x_gm, half)
    quarter = n // 4
    rest = n % 4
    asc.adds(t, t, TILE / 8, quarter + rest)
    asc.data_copy(x_gm, t, half)
