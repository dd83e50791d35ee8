"""Point 2: in a kernel, f-strings over compile-time locals (with a format spec and !r), len/str/tuple of
compile-time values, indexing a tuple with a computed index, and math's constants (values, not functions)."""

import math

import asc
import numpy as np

DIMS = (8, 32)


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    rank = len(DIMS)
    last = DIMS[rank - 1]
    total = DIMS[0] * last
    name = f"{rank}d_{total:05d}_{str(last)!r}"
    asc.static_assert(len(name) == 13, f"unexpected {name}")
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, total)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, total * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, total)
    asc.muls(t, t, math.pi / 4, len(tuple(DIMS)) * 128)
    asc.data_copy(x_gm, t, total)


def launch():
    kernel[1](np.zeros(256, np.float32))
