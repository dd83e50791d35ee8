"""Eight cores each add BLOCK int32 of x and y (offset by get_block_idx); the queue for y was given BLOCK * 2
bytes, half of the BLOCK * 4 its copy moves; the twin gives it BLOCK * 4."""

import asc
import numpy as np

BLOCK = 256
CORES = 8


@asc.jit
def add_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    offset = asc.get_block_idx() * BLOCK
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, BLOCK)
    y_gm.set_global_buffer(y + offset, BLOCK)
    z_gm.set_global_buffer(z + offset, BLOCK)
    pipe = asc.TPipe()
    q_x = asc.TQue(asc.TPosition.VECIN, 1)
    q_y = asc.TQue(asc.TPosition.VECIN, 1)
    q_z = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_x, 1, BLOCK * 4)
    pipe.init_buffer(q_y, 1, BLOCK * 2)
    pipe.init_buffer(q_z, 1, BLOCK * 4)
    a = q_x.alloc_tensor(asc.int32)
    b = q_y.alloc_tensor(asc.int32)
    asc.data_copy(a, x_gm, BLOCK)
    asc.data_copy(b, y_gm, BLOCK)  # expect: copy_over_buffer
    q_x.enque(a)
    q_y.enque(b)
    a = q_x.deque(asc.int32)
    b = q_y.deque(asc.int32)
    c = q_z.alloc_tensor(asc.int32)
    asc.add(c, a, b, BLOCK)
    q_z.enque(c)
    q_x.free_tensor(a)
    q_y.free_tensor(b)
    c = q_z.deque(asc.int32)
    asc.data_copy(z_gm, c, BLOCK)
    q_z.free_tensor(c)


def launch():
    x = np.arange(BLOCK * CORES, dtype=np.int32)
    y = np.arange(BLOCK * CORES, dtype=np.int32) * 3
    z = np.zeros_like(x)
    add_kernel[CORES](x, y, z)
    return z, x + y


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
