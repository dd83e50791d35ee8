"""A loop over four 32-element slices of a 128-element float16 tensor applies abs to 64 elements per slice: the
last slice (b[96:], a[96:]) ends at 160; the twin uses 32 per slice."""

import asc
import numpy as np

N = 128
PART = 32


@asc.jit
def abs_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, N * 2)
    pipe.init_buffer(q_out, 1, N * 2)
    a = q_in.alloc_tensor(asc.float16)
    asc.data_copy(a, x_gm, N)
    q_in.enque(a)
    a = q_in.deque(asc.float16)
    b = q_out.alloc_tensor(asc.float16)
    for i in range(N // PART):
        asc.abs(b[i * PART:], a[i * PART:], PART)
    q_out.enque(b)
    q_in.free_tensor(a)
    b = q_out.deque(asc.float16)
    asc.data_copy(z_gm, b, N)
    q_out.free_tensor(b)


def launch():
    x = np.linspace(-3, 3, N).astype(np.float16)
    z = np.zeros_like(x)
    abs_kernel[1](x, z)
    return z, np.abs(x)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
