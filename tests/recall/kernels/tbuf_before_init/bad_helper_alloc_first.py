"""A jit helper allocates from the queue it is given and copies a tile in; the kernel calls it before
init_buffer of that queue; the twin calls init_buffer first."""

import asc
import numpy as np

N = 128


@asc.jit
def load(q: asc.TQue, src: asc.GlobalTensor) -> None:
    t = q.alloc_tensor(asc.float16)  # expect: tbuf_before_init
    asc.data_copy(t, src, N)
    q.enque(t)


@asc.jit
def square_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_out, 1, N * 2)
    load(q_in, x_gm)
    pipe.init_buffer(q_in, 1, N * 2)
    a = q_in.deque(asc.float16)
    b = q_out.alloc_tensor(asc.float16)
    asc.mul(b, a, a, N)
    q_out.enque(b)
    q_in.free_tensor(a)
    b = q_out.deque(asc.float16)
    asc.data_copy(z_gm, b, N)
    q_out.free_tensor(b)


def launch():
    x = np.linspace(-2, 2, N).astype(np.float16)
    z = np.zeros_like(x)
    square_kernel[1](x, z)
    return z, x * x


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
