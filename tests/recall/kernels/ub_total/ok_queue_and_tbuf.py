"""An input queue of 96 KiB and a 96 KiB TBuf of scratch: 192 KiB together, past the 184 KiB of the Unified
Buffer; the twin's scratch is 32 KiB."""

import asc
import numpy as np

N = 24576
SCRATCH = 8192


@asc.jit
def square_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    work = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(q_in, 1, N * 4)
    pipe.init_buffer(work, SCRATCH * 4)
    t = work.get(asc.float32)
    a = q_in.alloc_tensor(asc.float32)
    asc.data_copy(a, x_gm, N)
    q_in.enque(a)
    a = q_in.deque(asc.float32)
    asc.mul(t, a, a, 8192)
    asc.muls(a, t, 1.0, 8192)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, a, 8192)
    q_in.free_tensor(a)


def launch():
    x = np.linspace(-1, 1, N).astype(np.float32)
    z = np.zeros_like(x)
    square_kernel[1](x, z)
    return z[:8192], x[:8192] * x[:8192]


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
