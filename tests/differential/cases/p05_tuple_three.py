"""Point 5: a helper returns three run-time values computed from the block index; the caller unpacks them."""

import asc
import numpy as np


@asc.jit
def offsets(per_core: int):
    block = asc.get_block_idx()
    start = block * per_core
    return start, start + per_core // 2, per_core // 2


@asc.jit
def kernel(x: asc.GlobalAddress, per_core: int) -> None:
    first, second, half = offsets(per_core)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 8192)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 4096)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm[first:], half)
    asc.data_copy(x_gm[second:], t, half)


def launch():
    kernel[8](np.zeros(8192, np.float32), 1024)
