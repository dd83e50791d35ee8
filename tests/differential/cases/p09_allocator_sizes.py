"""Point 9: LocalMemAllocator.alloc with a constant and with a run-time element count (Alloc<pos, T>(size))."""

import asc
import numpy as np

ROWS = 64


@asc.jit
def fill_rows(dst: asc.GlobalAddress, count: int) -> None:
    out_gm = asc.GlobalTensor()
    out_gm.set_global_buffer(dst)
    pool = asc.LocalMemAllocator()
    fixed = pool.alloc(asc.TPosition.VECCALC, asc.float32, ROWS)
    sized = pool.alloc(asc.TPosition.VECOUT, asc.float32, count)
    asc.duplicate(fixed, 1.5, ROWS)
    asc.duplicate(sized, 0.5, count)
    asc.add(sized, sized, fixed, ROWS)
    asc.data_copy(out_gm, sized, count)


def launch():
    fill_rows[1](np.zeros(ROWS, np.float32), ROWS)
