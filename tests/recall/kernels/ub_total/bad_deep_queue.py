"""A depth-4 input queue of 48 KiB buffers (192 KiB), past the 184 KiB of the Unified Buffer; the twin's queue
has 2 buffers."""

import asc
import numpy as np

TILE = 12288
DEPTH = 4


@asc.jit
def copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE * 2)
    z_gm.set_global_buffer(z, TILE * 2)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, DEPTH)
    pipe.init_buffer(q, DEPTH, TILE * 4)  # expect: ub_total
    for i in range(2):
        a = q.alloc_tensor(asc.float32)
        asc.data_copy(a, x_gm[i * TILE:], TILE)
        q.enque(a)
        a = q.deque(asc.float32)
        asc.data_copy(z_gm[i * TILE:], a, TILE)
        q.free_tensor(a)


def launch():
    x = np.arange(TILE * 2, dtype=np.float32)
    z = np.zeros_like(x)
    copy_kernel[1](x, z)
    return z, x


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
