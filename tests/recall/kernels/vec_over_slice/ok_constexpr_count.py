"""The vector count is a ConstExpr the launch fixes at 512 on 256-element float16 tensors; the twin launches
with count=256."""

import asc
import numpy as np

N = 256


@asc.jit
def exp_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, count: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
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
    asc.exp(b, a, count)
    q_out.enque(b)
    q_in.free_tensor(a)
    b = q_out.deque(asc.float16)
    asc.data_copy(z_gm, b, N)
    q_out.free_tensor(b)


def launch():
    x = np.linspace(-1, 1, N).astype(np.float16)
    z = np.zeros_like(x)
    exp_kernel[1](x, z, 256)
    return z, np.exp(x.astype(np.float32)).astype(np.float16)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
