"""Point 12: pipe_barrier takes a PipeID or the integer of one (0 is PIPE_S, 6 PIPE_ALL), as CANN's tracer does."""

import asc
import numpy as np


@asc.jit
def barriers(dst: asc.GlobalAddress) -> None:
    out_gm = asc.GlobalTensor()
    out_gm.set_global_buffer(dst)
    buf = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.VECOUT, addr=0, tile_size=64)
    asc.duplicate(buf, 2.0, 64)
    asc.pipe_barrier(1)
    asc.muls(buf, buf, 3.0, 64)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.adds(buf, buf, 1.0, 64)
    asc.pipe_barrier(6)
    asc.data_copy(out_gm, buf, 64)


def launch():
    barriers[1](np.zeros(64, np.float32))
