"""A vector op whose count runs past the slice it reads: x_local[64:] of a 128-element tensor holds 64 elements, and
the add reads 128 from it. CANN's tracer accepts it; on the device it reads past the buffer (PA612, PS102)."""

import asc
import numpy as np

TILE = 128


@asc.jit
def slice_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE)
    z_gm.set_global_buffer(z, TILE)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 1)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(in_queue, 1, TILE * 4)
    pipe.init_buffer(out_queue, 1, TILE * 4)
    x_local = in_queue.alloc_tensor(asc.float32)
    asc.data_copy(x_local, x_gm, TILE)
    in_queue.enque(x_local)
    x_local = in_queue.deque(asc.float32)
    z_local = out_queue.alloc_tensor(asc.float32)
    asc.add(z_local, x_local[64:], x_local, TILE)
    out_queue.enque(z_local)
    in_queue.free_tensor(x_local)
    z_local = out_queue.deque(asc.float32)
    asc.data_copy(z_gm, z_local, TILE)
    out_queue.free_tensor(z_local)


def launch():
    x = np.ones(TILE, np.float32)
    z = np.zeros(TILE, np.float32)
    slice_kernel[1](x, z)
