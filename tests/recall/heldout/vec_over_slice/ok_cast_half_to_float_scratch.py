"""float16 input cast to float32 in a VECCALC scratch TBuf sized N * 2 bytes (float16's size), so the cast's N
float32 run past it; the twin sizes the scratch N * 4."""

import asc
import numpy as np

N = 256


@asc.jit
def triple_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    work = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(q_in, 1, N * 2)
    pipe.init_buffer(q_out, 1, N * 2)
    pipe.init_buffer(work, N * 4)
    a = q_in.alloc_tensor(asc.float16)
    asc.data_copy(a, x_gm, N)
    q_in.enque(a)
    a = q_in.deque(asc.float16)
    wide = work.get(asc.float32)
    asc.cast(wide, a, asc.RoundMode.CAST_NONE, N)
    asc.muls(wide, wide, 3.0, N)
    b = q_out.alloc_tensor(asc.float16)
    asc.cast(b, wide, asc.RoundMode.CAST_ROUND, N)
    q_out.enque(b)
    q_in.free_tensor(a)
    b = q_out.deque(asc.float16)
    asc.data_copy(z_gm, b, N)
    q_out.free_tensor(b)


def launch():
    x = np.arange(N, dtype=np.float16) / np.float16(8)
    z = np.zeros_like(x)
    triple_kernel[1](x, z)
    return z, (x.astype(np.float32) * 3).astype(np.float16)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
