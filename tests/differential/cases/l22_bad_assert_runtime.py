"""Language, rejected: an `assert` on a run-time value whose f-string message reads it; CANN's tracer checks the
assertion while tracing ("An assertion turned out to test a runtime value")."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    assert n % 64 == 0, f"n={n} must be a multiple of 64"
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 64)
    asc.data_copy(x_gm, t, 64)


def launch():
    kernel[1](np.zeros(1024, np.float32), 1024)
