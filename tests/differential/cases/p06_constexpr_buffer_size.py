"""Point 6: ConstExpr values size the buffers and the TBuf tensor; the launch passes computed values."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, length: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, length)
    y_gm.set_global_buffer(y, length)
    pipe = asc.TPipe()
    in_q = asc.TQue(asc.TPosition.VECIN, 1)
    out_q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(in_q, 1, length * 2)
    pipe.init_buffer(out_q, 1, length * 2)
    a = in_q.alloc_tensor(asc.float16)
    asc.data_copy(a, x_gm, length)
    in_q.enque(a)
    a = in_q.deque(asc.float16)
    b = out_q.alloc_tensor(asc.float16)
    asc.exp(b, a, length)
    out_q.enque(b)
    in_q.free_tensor(a)
    b = out_q.deque(asc.float16)
    asc.data_copy(y_gm, b, length)
    out_q.free_tensor(b)


def launch():
    x = np.zeros(2048, np.float16)
    kernel[1](x, np.zeros_like(x), x.size // 4)
