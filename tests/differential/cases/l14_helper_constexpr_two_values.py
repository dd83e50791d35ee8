"""Language: one helper called with two ConstExpr values in one kernel.  CANN's tracer compiles a helper once per
kernel, from its first call, and runs that version for the second call too; we compile one version per value
(PA706 warns): a reviewed difference (known.py)."""

import asc
import numpy as np


@asc.jit
def step(t: asc.LocalTensor, add: asc.ConstExpr[bool]) -> None:
    if add:
        asc.adds(t, t, 1.0, 256)
    else:
        asc.muls(t, t, 2.0, 256)


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 256)
    step(t, True)
    step(t, False)
    asc.data_copy(x_gm, t, 256)


def launch():
    kernel[1](np.zeros(1024, np.float32))
