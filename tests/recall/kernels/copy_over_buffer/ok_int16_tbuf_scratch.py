"""A TBuf of N bytes is a scratch copy of N int16 from Global Memory (N * 2 bytes); the twin gives it N * 2
bytes."""

import asc
import numpy as np

N = 512


@asc.jit
def copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    work = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(work, N * 2)
    t = work.get(asc.int16)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm, t, N)


def launch():
    x = np.arange(N, dtype=np.int16) - 100
    z = np.zeros_like(x)
    copy_kernel[1](x, z)
    return z, x


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
