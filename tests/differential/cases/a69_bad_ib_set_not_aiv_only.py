"""Rejected by CANN's tracer: ib_set with is_aiv_only=False (its IR builder has no is_aiv_only argument, so any
false value fails there)."""

import asc
import numpy as np


@asc.jit
def ib_set_kernel(sync: asc.GlobalAddress) -> None:
    gm = asc.GlobalTensor()
    gm.set_global_buffer(sync, 64)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    ub = buf.get(asc.int32)
    asc.ib_set(gm, ub, block_idx=0, event_id=0, is_aiv_only=False)


def launch():
    ib_set_kernel[1](np.zeros(64, np.int32))
