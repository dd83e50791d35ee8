"""get_with_offset takes the second half of an int16 TBuf before init_buffer gives the TBuf memory; the twin
calls init_buffer first."""

import asc
import numpy as np

N = 256


@asc.jit
def tail_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    work = asc.TBuf(asc.TPosition.VECCALC)
    tail = work.get_with_offset(N, N * 2, asc.int16)  # expect: tbuf_before_init
    pipe.init_buffer(work, N * 2 * 2)
    asc.data_copy(tail, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(tail, tail, 7, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, tail, N)


def launch():
    x = np.arange(N, dtype=np.int16)
    z = np.zeros_like(x)
    tail_kernel[1](x, z)
    return z, x + 7


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
