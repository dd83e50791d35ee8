"""Point 10: LocalTensorAuto with a list shape, in a loop, passed to helpers (insert_sync implied)."""

import asc
import numpy as np

ROWS = 4
COLS = 64


@asc.jit
def load(t: asc.LocalTensorAuto, g: asc.GlobalTensor, i: int) -> None:
    asc.data_copy(t, g[i * ROWS * COLS:], ROWS * COLS)


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, tiles: int) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    for i in range(tiles):
        a = asc.LocalTensorAuto(asc.float32, [ROWS, COLS])
        b = asc.LocalTensorAuto(asc.float32, [ROWS, COLS])
        load(a, x_gm, i)
        asc.exp(b, a, ROWS * COLS)
        asc.data_copy(y_gm[i * ROWS * COLS:], b, ROWS * COLS)


def launch():
    x = np.zeros(4096, np.float32)
    kernel[1](x, np.zeros_like(x), 4)
