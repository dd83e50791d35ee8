"""Point 1, rejected: the closure value is a dtype local to the enclosing function (CANN: NameError)."""

import asc
import numpy as np


def launch():
    dtype = asc.float16

    @asc.jit
    def kernel(x: asc.GlobalAddress) -> None:
        x_gm = asc.GlobalTensor()
        x_gm.set_global_buffer(x, 64)
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(q, 1, 128)
        t = q.alloc_tensor(dtype)
        asc.data_copy(t, x_gm, 64)
        q.enque(t)
        t = q.deque(dtype)
        asc.data_copy(x_gm, t, 64)
        q.free_tensor(t)

    kernel[1](np.zeros(64, np.float16))
