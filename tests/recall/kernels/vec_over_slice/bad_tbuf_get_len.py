"""A TBuf of 2 * N float32 split with get(dtype, N) and get_with_offset into two N-element tensors; adds writes
2 * N elements into the first, past its N; the twin writes N. (The first tensor's end is the second's start:
the write lands inside the TBuf, so only a check of the tensor's own length sees it.)"""

import asc
import numpy as np

N = 128


@asc.jit
def split_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    work = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(work, N * 2 * 4)
    head = work.get(asc.float32, N)
    tail = work.get_with_offset(N, N * 4, asc.float32)
    asc.data_copy(tail, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(head, tail, 2.0, N * 2)  # expect: vec_over_slice
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, head, N)


def launch():
    x = np.arange(N, dtype=np.float32)
    z = np.zeros_like(x)
    split_kernel[1](x, z)
    return z, x + 2


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
