"""A VECCALC TBuf of 200 KiB is more than the Unified Buffer leaves to vector code (184 KiB on Ascend910B);
the twin's scratch buffer is 64 KiB."""

import asc
import numpy as np

N = 256
SCRATCH_BYTES = 64 * 1024


@asc.jit
def inc_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    work = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(work, SCRATCH_BYTES)
    t = work.get(asc.float32)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(t, t, 1.0, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, t, N)


def launch():
    x = np.arange(N, dtype=np.float32)
    z = np.zeros_like(x)
    inc_kernel[1](x, z)
    return z, x + 1


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
