"""init_buffer is called for both input queues but never for the output queue, whose alloc_tensor then has no
buffer; the twin initializes the output queue."""

import asc
import numpy as np

N = 256


@asc.jit
def sub_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
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
    pipe.init_buffer(q_x, 1, N * 4)
    pipe.init_buffer(q_y, 1, N * 4)
    a = q_x.alloc_tensor(asc.float32)
    b = q_y.alloc_tensor(asc.float32)
    asc.data_copy(a, x_gm, N)
    asc.data_copy(b, y_gm, N)
    q_x.enque(a)
    q_y.enque(b)
    a = q_x.deque(asc.float32)
    b = q_y.deque(asc.float32)
    c = q_z.alloc_tensor(asc.float32)  # expect: tbuf_before_init
    asc.sub(c, a, b, N)
    q_z.enque(c)
    q_x.free_tensor(a)
    q_y.free_tensor(b)
    c = q_z.deque(asc.float32)
    asc.data_copy(z_gm, c, N)
    q_z.free_tensor(c)


def launch():
    x = np.arange(N, dtype=np.float32)
    y = np.ones(N, np.float32) * 5
    z = np.zeros_like(x)
    sub_kernel[1](x, y, z)
    return z, x - y


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
