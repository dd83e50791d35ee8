"""Each of four cores copies its block of x into z with one GM-to-GM data_copy (which bisheng rejects); the
twin stages each block through a queue."""

import asc
import numpy as np

BLOCK = 512
CORES = 4


@asc.jit
def block_copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    offset = asc.get_block_idx() * BLOCK
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, BLOCK)
    z_gm.set_global_buffer(z + offset, BLOCK)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, BLOCK * 4)
    a = q.alloc_tensor(asc.float32)
    asc.data_copy(a, x_gm, BLOCK)
    q.enque(a)
    a = q.deque(asc.float32)
    asc.data_copy(z_gm, a, BLOCK)
    q.free_tensor(a)


def launch():
    x = np.arange(BLOCK * CORES, dtype=np.float32)
    z = np.zeros_like(x)
    block_copy_kernel[CORES](x, z)
    return z, x


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
