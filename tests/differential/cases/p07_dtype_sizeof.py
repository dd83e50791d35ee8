"""Point 7: `x.dtype.sizeof()` of a kernel parameter sizes the buffers (CANN's simplest tutorial does this)."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 256 * x.dtype.sizeof())
    t = q.alloc_tensor(x.dtype)
    asc.data_copy(t, x_gm, 256)
    q.enque(t)
    t = q.deque(x.dtype)
    asc.data_copy(x_gm, t, 256)
    q.free_tensor(t)


def launch():
    kernel[1](np.zeros(256, np.float32), 256)
