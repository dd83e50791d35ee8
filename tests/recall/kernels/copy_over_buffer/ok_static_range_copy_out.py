"""An unrolled asc.static_range loop copies out two halves of a result, each of N float16 read from the
N-element output tensor at offsets 0 and N // 2: the second copy reads past the tensor; the twin copies N // 2
each."""

import asc
import numpy as np

N = 256


@asc.jit
def split_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N * 2)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, N * 2)
    pipe.init_buffer(q_out, 1, N * 2)
    a = q_in.alloc_tensor(asc.float16)
    asc.data_copy(a, x_gm, N)
    q_in.enque(a)
    a = q_in.deque(asc.float16)
    b = q_out.alloc_tensor(asc.float16)
    asc.adds(b, a, 1.0, N)
    q_out.enque(b)
    q_in.free_tensor(a)
    b = q_out.deque(asc.float16)
    for k in asc.static_range(2):
        asc.data_copy(z_gm[k * N:], b[k * (N // 2):], N // 2)
    q_out.free_tensor(b)


def launch():
    x = np.arange(N, dtype=np.float16)
    z = np.zeros(N * 2, np.float16)
    split_kernel[1](x, z)
    y = x + np.float16(1)
    return np.concatenate([z[:N // 2], z[N:N + N // 2]]), np.concatenate([y[:N // 2], y[N // 2:]])


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
