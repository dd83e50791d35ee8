"""A jit helper deques the input tile and computes; the kernel's copy-in forgot to enqueue it, so the helper's
deque waits forever; the twin enqueues."""

import asc
import numpy as np

N = 128


@asc.jit
def compute(q_in: asc.TQue, q_out: asc.TQue) -> None:
    a = q_in.deque(asc.float16)
    b = q_out.alloc_tensor(asc.float16)
    asc.adds(b, a, 2.0, N)
    q_out.enque(b)
    q_in.free_tensor(a)


@asc.jit
def add2_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
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
    compute(q_in, q_out)
    b = q_out.deque(asc.float16)
    asc.data_copy(z_gm, b, N)
    q_out.free_tensor(b)


def launch():
    x = np.arange(N, dtype=np.float16)
    z = np.zeros_like(x)
    add2_kernel[1](x, z)
    return z, x + np.float16(2)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
