"""A jit helper takes two GlobalTensors and data_copy's one into the other (GM to GM, which bisheng rejects);
the twin's helper stages the data through the queue it is given."""

import asc
import numpy as np

N = 256


@asc.jit
def move(q: asc.TQue, dst: asc.GlobalTensor, src: asc.GlobalTensor) -> None:
    asc.data_copy(dst, src, N)  # expect: gm_to_gm


@asc.jit
def move_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 2)
    move(q, z_gm, x_gm)


def launch():
    x = np.arange(N, dtype=np.int16)
    z = np.zeros_like(x)
    move_kernel[1](x, z)
    return z, x


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
