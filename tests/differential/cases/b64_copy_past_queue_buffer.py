"""A data_copy larger than its queue buffer: the queue's buffers are 128 bytes, the copy moves 128 float16 (256
bytes). CANN's tracer accepts it; on the device the copy overwrites the memory past the buffer (PA611, PS102)."""

import asc
import numpy as np

TILE = 128


@asc.jit
def copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE)
    z_gm.set_global_buffer(z, TILE)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(in_queue, 1, TILE)
    x_local = in_queue.alloc_tensor(asc.float16)
    asc.data_copy(x_local, x_gm, TILE)
    in_queue.enque(x_local)
    x_local = in_queue.deque(asc.float16)
    asc.data_copy(z_gm, x_local, TILE)
    in_queue.free_tensor(x_local)


def launch():
    x = np.ones(TILE, np.float16)
    z = np.zeros(TILE, np.float16)
    copy_kernel[1](x, z)
