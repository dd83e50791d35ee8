"""A DataCopyParams copy of 4 blocks from x_gm into z_gm (GM to GM, which bisheng rejects); the twin stages the
blocks through a queue with the same parameters."""

import asc
import numpy as np

N = 512


@asc.jit
def params_copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 2)
    params = asc.DataCopyParams(4, N * 2 // 4 // 32, 0, 0)
    asc.data_copy(z_gm, x_gm, params)  # expect: gm_to_gm


def launch():
    x = np.arange(N, dtype=np.float16)
    z = np.zeros_like(x)
    params_copy_kernel[1](x, z)
    return z, x


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
