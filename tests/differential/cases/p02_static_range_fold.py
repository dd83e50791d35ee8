"""Point 2: in each copy of an `asc.static_range` body the loop variable is a compile-time int: it folds an `if`,
indexes a compile-time tuple and list, and sizes a call; a ConstExpr bound unrolls too."""

import asc
import numpy as np

OFFSETS = (0, 64, 128)


@asc.jit
def kernel(x: asc.GlobalAddress, copies: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 256)
    scales = [2.0, 3.0, 4.0]
    for i in asc.static_range(3):
        if i == 0:
            asc.adds(t[OFFSETS[i]:], t[OFFSETS[i]:], 1.0, 64)
        else:
            asc.muls(t[OFFSETS[i]:], t[OFFSETS[i]:], scales[i], 64)
    for k in asc.static_range(1, copies, 2):
        asc.adds(t, t, 1.0, k * 32)
    asc.data_copy(x_gm, t, 256)


def launch():
    kernel[1](np.zeros(256, np.float32), 4)
