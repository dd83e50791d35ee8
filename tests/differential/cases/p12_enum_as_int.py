"""Point 12: CANN's enums are IntEnums: an int where an enum is expected is the member of that value
(`asc.pipe_barrier(0)` is PIPE_S); a float padding value is accepted as CANN materializes any number."""

import asc
import numpy as np

PIPE_V = 1


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 64)
    asc.pipe_barrier(0)
    asc.adds(t, t, 1.0, 64)
    asc.pipe_barrier(PIPE_V)
    asc.set_load_data_padding_value(2.0)
    asc.data_copy(x_gm, t, 64)


def launch():
    kernel[1](np.zeros(64, np.float32))
