"""fwk.TQue.alloc_tensor, rejected: called with neither a dtype nor a tensor."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    t = q.alloc_tensor()
    asc.data_copy(t, x_gm, N)
    q.free_tensor(t)


def launch():
    x = np.zeros(N, np.float32)
    kernel[1](x, np.zeros_like(x), N)
