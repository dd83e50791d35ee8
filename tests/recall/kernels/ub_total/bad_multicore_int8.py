"""Two cores, each with an int8 input and output queue of BLOCK = 96 KiB: 192 KiB per core, past the 184 KiB of
its Unified Buffer; the twin's BLOCK is 64 KiB."""

import asc
import numpy as np

BLOCK = 96 * 1024
CORES = 2


@asc.jit
def copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    offset = asc.get_block_idx() * BLOCK
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, BLOCK)
    z_gm.set_global_buffer(z + offset, BLOCK)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, BLOCK)
    pipe.init_buffer(q_out, 1, BLOCK)  # expect: ub_total
    a = q_in.alloc_tensor(asc.int8)
    asc.data_copy(a, x_gm, BLOCK)
    q_in.enque(a)
    a = q_in.deque(asc.int8)
    b = q_out.alloc_tensor(asc.int8)
    asc.data_copy(b, a, BLOCK)
    q_out.enque(b)
    q_in.free_tensor(a)
    b = q_out.deque(asc.int8)
    asc.data_copy(z_gm, b, BLOCK)
    q_out.free_tensor(b)


def launch():
    x = (np.arange(BLOCK * CORES) % 120).astype(np.int8)
    z = np.zeros_like(x)
    copy_kernel[CORES](x, z)
    return z, x


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
