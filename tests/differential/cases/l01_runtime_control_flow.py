"""Language: if/elif/else, nested loops and a while loop over run-time values, with `pass`, `and`/`or`/`not`
and comparisons between run-time scalars; names carried through the blocks hold run-time values throughout."""

import asc
import numpy as np

TILE = 64


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, rows: int, cols: int) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, rows * cols)
    y_gm.set_global_buffer(y, rows * cols)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, TILE * 4)
    t = buf.get(asc.float32)
    done = rows * 0
    for r in range(rows):
        for c in range(0, cols, TILE):
            off = r * cols + c
            asc.data_copy(t, x_gm[off:], TILE)
            if r == 0 and c == 0:
                asc.muls(t, t, 2.0, TILE)
            elif r < rows // 2 or not c < cols // 2:
                asc.adds(t, t, 1.0, TILE)
            else:
                pass
            asc.data_copy(y_gm[off:], t, TILE)
            done = done + 1
    while done > rows:
        asc.abs(t, t, TILE)
        done = done - cols // TILE
    if done != rows:
        asc.data_copy(y_gm, t, TILE)


def launch():
    kernel[1](np.zeros(1024, np.float32), np.zeros(1024, np.float32), 4, 256)
