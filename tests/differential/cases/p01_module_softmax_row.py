"""Point 1 baseline: a module-level row softmax over one tile (reduce, broadcast by scalar, exp, divide)."""

import asc
import numpy as np

COLS = 64


@asc.jit
def softmax_row(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, COLS)
    y_gm.set_global_buffer(y, COLS)
    pipe = asc.TPipe()
    data_buf = asc.TBuf(asc.TPosition.VECCALC)
    work_buf = asc.TBuf(asc.TPosition.VECCALC)
    red_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(data_buf, COLS * 4)
    pipe.init_buffer(work_buf, COLS * 4)
    pipe.init_buffer(red_buf, 32)
    t = data_buf.get(asc.float32)
    work = work_buf.get(asc.float32)
    red = red_buf.get(asc.float32)
    asc.data_copy(t, x_gm, COLS)
    asc.reduce_max(red, t, work, COLS)
    peak = red.get_value(0)
    asc.adds(t, t, 0.0 - peak, COLS)
    asc.exp(t, t, COLS)
    asc.reduce_sum(red, t, work, COLS)
    total = red.get_value(0)
    asc.muls(t, t, 1.0 / total, COLS)
    asc.data_copy(y_gm, t, COLS)


def launch():
    x = np.zeros(COLS, np.float32)
    softmax_row[1](x, np.zeros_like(x))
