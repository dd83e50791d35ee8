"""A VECCALC TBuf holds x and y side by side through get_with_offset, N float32 each; y's GlobalTensor is longer
(M elements) and the copy into y's piece takes M; the twin copies the N it uses."""

import asc
import numpy as np

N = 128
M = N + 64


@asc.jit
def mul_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, M)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    calc = asc.TBuf(asc.TPosition.VECCALC)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(calc, 2 * N * 4)
    pipe.init_buffer(q_out, 1, N * 4)
    xs = calc.get_with_offset(N, 0, asc.float32)
    ys = calc.get_with_offset(N, N * 4, asc.float32)
    asc.data_copy(xs, x_gm, N)
    asc.data_copy(ys, y_gm, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    c = q_out.alloc_tensor(asc.float32)
    asc.mul(c, xs, ys, N)
    q_out.enque(c)
    c = q_out.deque(asc.float32)
    asc.data_copy(z_gm, c, N)
    q_out.free_tensor(c)


def launch():
    x = np.arange(N, dtype=np.float32)
    y = np.full(M, 3.0, np.float32)
    z = np.zeros_like(x)
    mul_kernel[1](x, y, z)
    return z, x * y[:N]


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
