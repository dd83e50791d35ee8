"""Four cores each subtract the first quarter of their tile from the tile read at offset Q: sub reads
a[Q:] over N elements, past the tensor's end by Q; the twin subtracts N - Q."""

import asc
import numpy as np

N = 256
Q = N // 4
CORES = 4


@asc.jit
def diff_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    offset = asc.get_block_idx() * N
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, N)
    z_gm.set_global_buffer(z + offset, N)
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
    asc.duplicate(b, 0.0, N)
    asc.sub(b, a[Q:], a, N - Q)
    q_out.enque(b)
    q_in.free_tensor(a)
    b = q_out.deque(asc.float32)
    asc.data_copy(z_gm, b, N)
    q_out.free_tensor(b)


def launch():
    x = np.arange(N * CORES, dtype=np.float32) ** 2 / 1000
    z = np.zeros_like(x)
    diff_kernel[CORES](x, z)
    t = x.reshape(CORES, N)
    ref = np.zeros_like(t)
    ref[:, :N - Q] = t[:, Q:] - t[:, :N - Q]
    return z, ref.reshape(-1)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
