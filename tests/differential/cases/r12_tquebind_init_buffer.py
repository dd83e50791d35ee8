"""Point 12, rejected: pipe.init_buffer of a TQueBind (CANN's init_buffer takes a TQue or a TBuf only)."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    y_gm.set_global_buffer(y, 256)
    pipe = asc.TPipe()
    bind = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1)
    pipe.init_buffer(bind, 1, 512)
    t = bind.alloc_tensor(asc.float16)
    asc.data_copy(t, x_gm, 256)
    bind.enque(t)
    t = bind.deque(asc.float16)
    asc.data_copy(y_gm, t, 256)
    bind.free_tensor(t)


def launch():
    x = np.zeros(256, np.float16)
    kernel[1](x, np.zeros_like(x))
