"""Three TBufs of scratch whose sizes are products of module constants (3 x 64 KiB = 192 KiB, past the 184 KiB
of the Unified Buffer); the twin's ROWS makes each 32 KiB."""

import asc
import numpy as np

ROWS = 32
COLS = 256
N = 256


@asc.jit
def mix_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    t0 = asc.TBuf(asc.TPosition.VECCALC)
    t1 = asc.TBuf(asc.TPosition.VECCALC)
    t2 = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(t0, ROWS * COLS * 4)
    pipe.init_buffer(t1, ROWS * COLS * 4)
    pipe.init_buffer(t2, ROWS * COLS * 4)
    a = t0.get(asc.float32)
    b = t1.get(asc.float32)
    c = t2.get(asc.float32)
    asc.data_copy(a, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(b, a, 2.0, N)
    asc.add(c, a, b, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, c, N)


def launch():
    x = np.arange(N, dtype=np.float32)
    z = np.zeros_like(x)
    mix_kernel[1](x, z)
    return z, x * 3


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
