"""Rows of a 2-D tile are gathered one data_copy at a time into slices of a VECCALC TBuf (row r at r * COLS);
the TBuf was given ROWS - 1 rows (the loop bound written as range(ROWS) but the size as the last row's index),
so the last row's copy runs past it; the twin gives it ROWS rows."""

import asc
import numpy as np

ROWS = 6
COLS = 64
STRIDE = 128


@asc.jit
def gather_rows_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, ROWS * STRIDE)
    z_gm.set_global_buffer(z, ROWS * COLS)
    pipe = asc.TPipe()
    rows = asc.TBuf(asc.TPosition.VECCALC)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(rows, ROWS * COLS * 4)
    pipe.init_buffer(q_out, 1, ROWS * COLS * 4)
    t = rows.get(asc.float32)
    for r in range(ROWS):
        asc.data_copy(t[r * COLS:], x_gm[r * STRIDE:], COLS)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    b = q_out.alloc_tensor(asc.float32)
    asc.muls(b, t, 2.0, (ROWS - 1) * COLS)
    q_out.enque(b)
    b = q_out.deque(asc.float32)
    asc.data_copy(z_gm, b, (ROWS - 1) * COLS)
    q_out.free_tensor(b)


def launch():
    x = np.arange(ROWS * STRIDE, dtype=np.float32)
    z = np.zeros(ROWS * COLS, np.float32)
    gather_rows_kernel[1](x, z)
    ref = np.zeros(ROWS * COLS, np.float32)
    ref[:(ROWS - 1) * COLS] = 2 * x.reshape(ROWS, STRIDE)[:ROWS - 1, :COLS].ravel()
    return z, ref


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
