"""Point 2: names bound to a dtype and an enum member inside the kernel are compile-time bindings."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    src_type = asc.float32
    dst_type = asc.float16
    mode = asc.RoundMode.CAST_ROUND
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)
    y_gm.set_global_buffer(y, 128)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, 512)
    pipe.init_buffer(b_buf, 256)
    a = a_buf.get(src_type)
    b = b_buf.get(dst_type)
    asc.data_copy(a, x_gm, 128)
    asc.cast(b, a, mode, 128)
    asc.data_copy(y_gm, b, 128)


def launch():
    kernel[1](np.zeros(128, np.float32), np.zeros(128, np.float16))
