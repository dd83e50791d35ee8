"""Point 5: a helper parameter with a Python default specializes the helper per call; `if` on it folds."""

import asc
import numpy as np


@asc.jit
def activate(t: asc.LocalTensor, n: int, negate: bool = False) -> None:
    if negate:
        asc.muls(t, t, -1.0, n)
    asc.relu(t, t, n)


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 256)
    activate(t, 256)
    activate(t, 256, negate=True)
    asc.data_copy(x_gm, t, 256)


def launch():
    kernel[1](np.zeros(256, np.float32))
