"""asc.array of initial values (run-time ones among them, converted to the element dtype), len() as a loop bound, += on
an element and a branch on one."""

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
    sizes = asc.array(asc.int32, [n, 2.5, 8])
    total = asc.number(0, asc.int32)
    for j in range(len(sizes)):
        sizes[j] += 8
        total = total + sizes[j]
    if sizes[0] > 8:
        sizes[1] = total
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[sizes[1]:], 64)
    asc.data_copy(z_gm, t, 64)
    q.free_tensor(t)


def launch():
    kernel[1](np.zeros(N, np.float32), np.zeros(N, np.float32), 3)
