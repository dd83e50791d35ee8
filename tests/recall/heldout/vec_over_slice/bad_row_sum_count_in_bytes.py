"""Per-row reduce_sum over a ROWS x COLS float32 tile in an asc.static_range loop; the row's count was written
as COLS * 4 (its bytes), so from the second row on it runs past the tile; the twin passes COLS."""

import asc
import numpy as np

ROWS = 8
COLS = 64
SLOT = 8


@asc.jit
def row_sum_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, ROWS * COLS)
    z_gm.set_global_buffer(z, ROWS * SLOT)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    tmp_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(q_in, 1, ROWS * COLS * 4)
    pipe.init_buffer(q_out, 1, ROWS * SLOT * 4)
    pipe.init_buffer(tmp_buf, ROWS * COLS * 4)
    a = q_in.alloc_tensor(asc.float32)
    asc.data_copy(a, x_gm, ROWS * COLS)
    q_in.enque(a)
    a = q_in.deque(asc.float32)
    o = q_out.alloc_tensor(asc.float32)
    tmp = tmp_buf.get(asc.float32)
    asc.duplicate(o, 0.0, ROWS * SLOT)
    row_len = COLS * 4
    for r in asc.static_range(ROWS):
        asc.reduce_sum(o[r * SLOT:], a[r * COLS:], tmp, row_len)  # expect: vec_over_slice
    q_out.enque(o)
    q_in.free_tensor(a)
    o = q_out.deque(asc.float32)
    asc.data_copy(z_gm, o, ROWS * SLOT)
    q_out.free_tensor(o)


def launch():
    x = (np.arange(ROWS * COLS) % 7).astype(np.float32)
    z = np.zeros(ROWS * SLOT, np.float32)
    row_sum_kernel[1](x, z)
    ref = np.zeros(ROWS * SLOT, np.float32)
    ref[::SLOT] = x.reshape(ROWS, COLS).sum(axis=1)
    return z, ref


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
