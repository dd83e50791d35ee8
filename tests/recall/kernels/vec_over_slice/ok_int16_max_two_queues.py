"""The elementwise max of two N-element int16 tensors from two queues, over 2 * N elements; the twin uses N."""

import asc
import numpy as np

N = 256


@asc.jit
def max_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q_x = asc.TQue(asc.TPosition.VECIN, 1)
    q_y = asc.TQue(asc.TPosition.VECIN, 1)
    q_z = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_x, 1, N * 2)
    pipe.init_buffer(q_y, 1, N * 2)
    pipe.init_buffer(q_z, 1, N * 2)
    a = q_x.alloc_tensor(asc.int16)
    b = q_y.alloc_tensor(asc.int16)
    asc.data_copy(a, x_gm, N)
    asc.data_copy(b, y_gm, N)
    q_x.enque(a)
    q_y.enque(b)
    a = q_x.deque(asc.int16)
    b = q_y.deque(asc.int16)
    c = q_z.alloc_tensor(asc.int16)
    asc.max(c, a, b, N)
    q_z.enque(c)
    q_x.free_tensor(a)
    q_y.free_tensor(b)
    c = q_z.deque(asc.int16)
    asc.data_copy(z_gm, c, N)
    q_z.free_tensor(c)


def launch():
    x = np.arange(N, dtype=np.int16) - 128
    y = np.arange(N, dtype=np.int16)[::-1].copy() - 100
    z = np.zeros_like(x)
    max_kernel[1](x, y, z)
    return z, np.maximum(x, y)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
