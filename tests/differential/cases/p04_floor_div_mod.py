"""Point 4: `//`, `%` and `/` of run-time integers in offsets and counts."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    block = asc.get_block_idx()
    per_core = n // asc.get_block_num()
    rest = n % 64
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + block * per_core, per_core)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 4096)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, per_core - rest)
    asc.adds(t, t, 1.0, per_core / 2)
    asc.data_copy(x_gm, t, per_core - rest)


def launch():
    kernel[4](np.zeros(4096, np.float32), 4096)
