"""A DataCopyParams copy of 2 blocks of N float16 each (2 * N * 2 bytes) into a queue buffer sized for one
(N * 2 bytes); the twin copies one block."""

import asc
import numpy as np

N = 256


@asc.jit
def halve_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N * 2)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, N * 2)
    pipe.init_buffer(q_out, 1, N * 2)
    a = q_in.alloc_tensor(asc.float16)
    asc.data_copy(a, x_gm, asc.DataCopyParams(1, N * 2 // 32, 0, 0))
    q_in.enque(a)
    a = q_in.deque(asc.float16)
    b = q_out.alloc_tensor(asc.float16)
    asc.muls(b, a, 0.5, N)
    q_out.enque(b)
    q_in.free_tensor(a)
    b = q_out.deque(asc.float16)
    asc.data_copy(z_gm, b, N)
    q_out.free_tensor(b)


def launch():
    x = np.arange(N * 2, dtype=np.float16)
    z = np.zeros(N, np.float16)
    halve_kernel[1](x, z)
    return z, x[:N] * np.float16(0.5)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
