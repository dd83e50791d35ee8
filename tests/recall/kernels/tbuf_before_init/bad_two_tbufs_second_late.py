"""Two TBufs of scratch: the first is given memory before its get(), the second's init_buffer comes after its
get(); the twin initializes both first."""

import asc
import numpy as np

N = 128


@asc.jit
def fma_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    work = asc.TBuf(asc.TPosition.VECCALC)
    acc = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(work, N * 4)
    t = work.get(asc.float32)
    s = acc.get(asc.float32)  # expect: tbuf_before_init
    pipe.init_buffer(acc, N * 4)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(s, t, 3.0, N)
    asc.add(s, s, t, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, s, N)


def launch():
    x = np.arange(N, dtype=np.float32)
    z = np.zeros_like(x)
    fma_kernel[1](x, z)
    return z, x * 4


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
