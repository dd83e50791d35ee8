"""A Unified-Buffer-to-Unified-Buffer data_copy of 2 * N float32 between tensors of N (a count doubled by
mistake); the twin copies N."""

import asc
import numpy as np

N = 256


@asc.jit
def move_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, N * 4)
    pipe.init_buffer(q_out, 1, N * 4)
    a = q_in.alloc_tensor(asc.float32)
    asc.data_copy(a, x_gm, N)
    q_in.enque(a)
    a = q_in.deque(asc.float32)
    b = q_out.alloc_tensor(asc.float32)
    asc.data_copy(b, a, N)
    q_out.enque(b)
    q_in.free_tensor(a)
    b = q_out.deque(asc.float32)
    asc.data_copy(z_gm, b, N)
    q_out.free_tensor(b)


def launch():
    x = np.arange(N, dtype=np.float32)
    z = np.zeros_like(x)
    move_kernel[1](x, z)
    return z, x


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
