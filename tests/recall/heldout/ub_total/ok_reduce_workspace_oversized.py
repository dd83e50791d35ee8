"""A reduce_sum of 16384 float32 with its shared workspace TBuf sized twice the input (128 KiB) on top of the
64 KiB input queue: 192 KiB, past the Unified Buffer; the twin's workspace is the input's size."""

import asc
import numpy as np

N = 16384


@asc.jit
def total_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, 8)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    ws = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(q_in, 1, N * 4)
    pipe.init_buffer(q_out, 1, 32)
    pipe.init_buffer(ws, N * 4)
    a = q_in.alloc_tensor(asc.float32)
    asc.data_copy(a, x_gm, N)
    q_in.enque(a)
    a = q_in.deque(asc.float32)
    o = q_out.alloc_tensor(asc.float32)
    asc.duplicate(o, 0.0, 8)
    asc.reduce_sum(o, a, ws.get(asc.float32), N)
    q_out.enque(o)
    q_in.free_tensor(a)
    o = q_out.deque(asc.float32)
    asc.data_copy(z_gm, o, 8)
    q_out.free_tensor(o)


def launch():
    x = (np.arange(N) % 3).astype(np.float32)
    z = np.zeros(8, np.float32)
    total_kernel[1](x, z)
    ref = np.zeros(8, np.float32)
    ref[0] = x.sum()
    return z, ref


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
