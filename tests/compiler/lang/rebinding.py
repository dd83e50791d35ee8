"""Point 3: in straight-line code a name may take a value of another type, as CANN allows: a new C++ variable."""

import asc


@asc.jit
def widen(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)
    y_gm.set_global_buffer(y, 128)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, 256)
    pipe.init_buffer(b_buf, 512)
    t = a_buf.get(asc.float16)
    step = n // 2
    asc.data_copy(t, x_gm, step * 2)
    half_t = t
    t = b_buf.get(asc.float32)
    asc.cast(t, half_t, asc.RoundMode.CAST_NONE, 128)
    step = 0.25
    asc.muls(t, t, step, 128)
    asc.data_copy(y_gm, t, 128)
