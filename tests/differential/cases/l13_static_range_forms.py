"""Language: asc.static_range with start/stop/step and nested, its variable indexing a compile-time list and
folding an if, a Python int accumulated across the unrolled copies (straight-line code at trace time)."""

import asc
import numpy as np

OFFSETS = [0, 64, 128, 192]


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 256)
    total = 0
    for k in asc.static_range(1, 4, 2):
        for j in asc.static_range(2):
            if j == 0:
                asc.adds(t[OFFSETS[k]:], t[OFFSETS[k]:], 1.0, 64)
            else:
                asc.muls(t[OFFSETS[k]:], t[OFFSETS[k]:], 2.0, 64)
            total += 64
    asc.data_copy(x_gm, t, total)


def launch():
    kernel[1](np.zeros(1024, np.float32))
