"""Point 2: compile-time values. Names bound to dtypes, enum members and lists are bindings, not C++ variables;
`**` of constants is computed (a 64-bit mask); an `if` on a compile-time value keeps only the branch taken."""

import asc

FULL = 2**64 - 1
USE_HALF = True


@asc.jit
def convert(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    src_type = asc.float32
    mode = asc.RoundMode.CAST_RINT
    if USE_HALF:
        dst_type = asc.float16
    else:
        dst_type = asc.int16
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    y_gm.set_global_buffer(y, 256)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, 1024)
    pipe.init_buffer(b_buf, 512)
    a = a_buf.get(src_type)
    b = b_buf.get(dst_type)
    asc.data_copy(a, x_gm, 256)
    low = 2**32 - 1
    mask = [FULL, low]
    asc.adds(a, a, 1.0, mask, 2, asc.UnaryRepeatParams())
    asc.cast(b, a, mode, 256)
    asc.data_copy(y_gm, b, 256)
