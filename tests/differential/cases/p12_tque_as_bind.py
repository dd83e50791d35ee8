"""Point 12: a TQue passed where a TQueBind is annotated (a TQue is a TQueBind), and asc.TQueBind itself."""

import asc
import numpy as np


@asc.jit
def load(q: asc.TQueBind, src: asc.GlobalTensor, n: int) -> None:
    t = q.alloc_tensor(asc.float16)
    asc.data_copy(t, src, n)
    q.enque(t)


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)
    y_gm.set_global_buffer(y, 128)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 256)
    load(q, x_gm, 128)
    t = q.deque(asc.float16)
    asc.data_copy(y_gm, t, 128)
    q.free_tensor(t)


def launch():
    x = np.zeros(128, np.float16)
    kernel[1](x, np.zeros_like(x))
