"""The second half of x copied into the first half of z with slices of GlobalTensors (GM to GM, which bisheng
rejects); the twin stages the half through a queue."""

import asc
import numpy as np

N = 512
H = N // 2


@asc.jit
def swap_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, H)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, H * 2)
    asc.data_copy(z_gm, x_gm[H:], H)  # expect: gm_to_gm


def launch():
    x = np.arange(N, dtype=np.float16)
    z = np.zeros(H, np.float16)
    swap_kernel[1](x, z)
    return z, x[H:]


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
