"""An unrolled static_range over ROWS rows of a ROWS x COLS float16 tile scales each row with a count of
COLS + 16: the last row's op runs 16 past the tensor; the twin scales COLS per row."""

import asc
import numpy as np

ROWS = 4
COLS = 64


@asc.jit
def rows_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, ROWS * COLS)
    z_gm.set_global_buffer(z, ROWS * COLS)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, ROWS * COLS * 2)
    pipe.init_buffer(q_out, 1, ROWS * COLS * 2)
    a = q_in.alloc_tensor(asc.float16)
    asc.data_copy(a, x_gm, ROWS * COLS)
    q_in.enque(a)
    a = q_in.deque(asc.float16)
    b = q_out.alloc_tensor(asc.float16)
    for r in asc.static_range(ROWS):
        asc.muls(b[r * COLS:], a[r * COLS:], r + 1.0, COLS + 16)  # expect: vec_over_slice
    q_out.enque(b)
    q_in.free_tensor(a)
    b = q_out.deque(asc.float16)
    asc.data_copy(z_gm, b, ROWS * COLS)
    q_out.free_tensor(b)


def launch():
    x = np.linspace(-1, 1, ROWS * COLS).astype(np.float16)
    z = np.zeros_like(x)
    rows_kernel[1](x, z)
    scale = np.repeat(np.arange(1, ROWS + 1, dtype=np.float16), COLS)
    return z, x * scale


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
