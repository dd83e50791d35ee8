"""A copy-out jit helper (dst, src, count) is called with the two GlobalTensors (z_gm, x_gm) instead of
(z_gm, tile): a Global-to-Global DataCopy inside the helper; the twin passes the tile."""

import asc
import numpy as np

N = 256


@asc.jit
def store(dst: asc.GlobalTensor, src: asc.LocalTensor, count: int) -> None:
    asc.data_copy(dst, src, count)


@asc.jit
def copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que, 1, N * 4)
    t = que.alloc_tensor(asc.int32)
    asc.data_copy(t, x_gm, N)
    que.enque(t)
    t = que.deque(asc.int32)
    store(z_gm, t, N)
    que.free_tensor(t)


def launch():
    x = np.arange(N, dtype=np.int32)
    z = np.zeros_like(x)
    copy_kernel[1](x, z)
    return z, x


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
