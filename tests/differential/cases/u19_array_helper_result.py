"""A helper makes an asc.array and returns it, another returns one computed from its array argument: the caller
indexes what they return."""

import asc
import numpy as np

N = 256


@asc.jit
def make_offsets(step: int):
    return asc.array(asc.int32, [step, step * 2, 0])


@asc.jit
def scaled(offs, factor: int):
    out = asc.array(asc.int32, 3)
    for j in range(len(offs)):
        out[j] = offs[j] * factor
    return out


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    offs = make_offsets(n * 8)
    far = scaled(offs, 2)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[offs[1]:], 64)
    asc.data_copy(z_gm[far[1]:], t, 64)
    q.free_tensor(t)


def launch():
    kernel[1](np.zeros(N, np.float32), np.zeros(N, np.float32), 3)
