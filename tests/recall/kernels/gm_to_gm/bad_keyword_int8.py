"""data_copy(dst=..., src=..., count=...) between two int8 GlobalTensors (GM to GM, which bisheng rejects); the
twin goes through a queue with the same keywords."""

import asc
import numpy as np

N = 1024


@asc.jit
def bytes_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N)
    asc.data_copy(dst=z_gm, src=x_gm, count=N)  # expect: gm_to_gm


def launch():
    x = (np.arange(N) % 127).astype(np.int8)
    z = np.zeros_like(x)
    bytes_kernel[1](x, z)
    return z, x


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
