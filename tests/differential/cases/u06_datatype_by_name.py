"""asc.DataType(name) is a dtype: a queue's tensor of it, a comparison of a tensor's dtype with one, asc.number and
asc.array of one."""

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
    dt = asc.DataType("float32")
    t = q.alloc_tensor(dt)
    asc.data_copy(t, x_gm, 64)
    if t.dtype == asc.DataType("float32"):
        asc.adds(t, t, asc.number(1, asc.DataType("float32")), 64)
    offs = asc.array(asc.DataType("int16"), 2, fill_value=64)
    asc.data_copy(z_gm[offs[1]:], t, 64)
    q.free_tensor(t)


def launch():
    kernel[1](np.zeros(N, np.float32), np.zeros(N, np.float32), 3)
