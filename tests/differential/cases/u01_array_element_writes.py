"""asc.array is a run-time C array: elements written with run-time values and read at a run-time index, the element an
offset into Global Memory."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    offs = asc.array(asc.int32, 4, fill_value=0)
    offs[1] = n * 16
    offs[2] = offs[1] + asc.get_block_idx() * 64
    v = offs[n % 4]
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[v:], 64)
    asc.data_copy(z_gm[offs[2]:], t, 64)
    q.free_tensor(t)


def launch():
    kernel[1](np.zeros(N, np.float32), np.zeros(N, np.float32), 3)
