"""The input queue's alloc_tensor comes before init_buffer gives the queue its buffer; the twin initializes the
queue first."""

import asc
import numpy as np

N = 256


@asc.jit
def copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    a = q.alloc_tensor(asc.float32)  # expect: tbuf_before_init
    pipe.init_buffer(q, 1, N * 4)
    asc.data_copy(a, x_gm, N)
    q.enque(a)
    a = q.deque(asc.float32)
    asc.data_copy(z_gm, a, N)
    q.free_tensor(a)


def launch():
    x = np.arange(N, dtype=np.float32)
    z = np.zeros_like(x)
    copy_kernel[1](x, z)
    return z, x


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
