"""insert_sync=True: a helper allocates from the kernel's queue, copies in, scales and copies out, with no enque."""

import asc
import numpy as np

N = 128


@asc.jit
def stage(q: asc.TQue, x_gm: asc.GlobalTensor, z_gm: asc.GlobalTensor) -> None:
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, N)
    asc.muls(t, t, 2.0, N)
    asc.data_copy(z_gm, t, N)
    q.free_tensor(t)


@asc.jit(insert_sync=True)
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    stage(q, x_gm, z_gm)


def launch():
    x = np.arange(N, dtype=np.float32)
    kernel[1](x, np.zeros_like(x))
