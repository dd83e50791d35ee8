"""Language, rejected: an assert message formatting a run-time value with a format spec; CANN's tracer formats the
message in Python, where the run-time value has no number ("unsupported format string")."""

import asc
import numpy as np

TILE = 128


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    assert TILE % 32 == 0, f"tile {TILE} for n={n:d}"
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, TILE * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, TILE)
    asc.data_copy(x_gm, t, TILE)


def launch():
    kernel[1](np.zeros(1024, np.float32), 1024)
