"""A helper takes an asc.array and writes its elements: the caller reads what it wrote."""

import asc
import numpy as np

N = 256


@asc.jit
def fill_offsets(offs, step: int):
    for j in range(len(offs)):
        offs[j] = j * step
    return offs[len(offs) - 1]


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    offs = asc.array(asc.int32, 4)
    last = fill_offsets(offs, n * 8)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[offs[1]:], 64)
    asc.data_copy(z_gm[last:], t, 64)
    q.free_tensor(t)


def launch():
    kernel[1](np.zeros(N, np.float32), np.zeros(N, np.float32), 3)
