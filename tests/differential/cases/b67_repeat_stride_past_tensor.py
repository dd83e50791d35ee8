"""A repeat form that runs past its tensor: 2 repeats of 64 float32 with a source repeat stride of 16 blocks reach
element 64 + 127 of a 128-element tensor. CANN's tracer accepts it; on the device it reads past the buffer (PA612,
PS102)."""

import asc
import numpy as np

N = 128


@asc.jit
def repeat_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 1)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(in_queue, 1, N * 4)
    pipe.init_buffer(out_queue, 1, N * 4)
    x_local = in_queue.alloc_tensor(asc.float32)
    asc.data_copy(x_local, x_gm, N)
    in_queue.enque(x_local)
    x_local = in_queue.deque(asc.float32)
    z_local = out_queue.alloc_tensor(asc.float32)
    params = asc.UnaryRepeatParams(1, 1, 8, 16)
    asc.abs(z_local, x_local, 64, 2, params)
    out_queue.enque(z_local)
    in_queue.free_tensor(x_local)
    z_local = out_queue.deque(asc.float32)
    asc.data_copy(z_gm, z_local, N)
    out_queue.free_tensor(z_local)


def launch():
    x = np.ones(N, np.float32)
    z = np.zeros(N, np.float32)
    repeat_kernel[1](x, z)
