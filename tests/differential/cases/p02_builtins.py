"""Point 2: the builtins CANN has inside a kernel (len, int, tuple, list) and tuple indexing at compile time."""

import asc
import numpy as np

SHAPE = (4, 64)


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    rows = SHAPE[0]
    cols = SHAPE[1]
    total = rows * cols
    dims = len(SHAPE)
    sizes = list(tuple(SHAPE))
    tile = sizes[1] * (dims - 1)
    shift = int(2.0)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, total)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, total * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, total)
    asc.adds(t, t, 1.0, tile * shift)
    asc.data_copy(x_gm, t, total)


def launch():
    kernel[1](np.zeros(256, np.float32))
