"""A name holding an asc.array re-bound to a new one of the same dtype and length inside a run-time if: CANN's tracer
carries the new array out of the branch."""

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
    offs = asc.array(asc.int32, 2, fill_value=0)
    if n > 1:
        offs = asc.array(asc.int32, [64, n * 8])
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[offs[1]:], 64)
    asc.data_copy(z_gm[offs[0]:], t, 64)
    q.free_tensor(t)


def launch():
    kernel[1](np.zeros(N, np.float32), np.zeros(N, np.float32), 3)
