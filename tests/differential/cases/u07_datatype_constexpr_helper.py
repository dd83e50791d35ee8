"""asc.DataType(name) given to a helper's ConstExpr[DataType] parameter, which allocates a tensor of it."""

import asc
import numpy as np

N = 256


@asc.jit
def copy_through(q: asc.TQue, src: asc.GlobalTensor, dst: asc.GlobalTensor, d: asc.ConstExpr[asc.DataType]):
    t = q.alloc_tensor(d)
    asc.data_copy(t, src, 64)
    asc.data_copy(dst, t, 64)
    q.free_tensor(t)


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    copy_through(q, x_gm, z_gm, asc.DataType("float32"))


def launch():
    kernel[1](np.zeros(N, np.float32), np.zeros(N, np.float32), 3)
