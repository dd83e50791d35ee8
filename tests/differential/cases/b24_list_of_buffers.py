"""Objects kept in a list and a tuple: TBufs and TQues built inside a list literal, initialized and used through
subscripts (each is one object: every subscript is the same buffer)."""

import asc
import numpy as np

N = 256


@asc.jit
def list_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    bufs = [asc.TBuf(asc.TPosition.VECCALC), asc.TBuf(asc.TPosition.VECCALC)]
    queues = (asc.TQue(asc.TPosition.VECIN, 1), asc.TQue(asc.TPosition.VECOUT, 1))
    pipe.init_buffer(bufs[0], N * 4)
    pipe.init_buffer(bufs[1], N * 4)
    pipe.init_buffer(queues[0], 1, N * 4)
    pipe.init_buffer(queues[1], 1, N * 4)
    a = queues[0].alloc_tensor(asc.float32)
    asc.data_copy(a, x_gm, N)
    queues[0].enque(a)
    a = queues[0].deque(asc.float32)
    t0 = bufs[0].get(asc.float32)
    t1 = bufs[1].get(asc.float32)
    asc.muls(t0, a, 2.0, N)
    asc.add(t1, t0, a, N)
    c = queues[1].alloc_tensor(asc.float32)
    asc.adds(c, t1, 1.0, N)
    queues[1].enque(c)
    queues[0].free_tensor(a)
    c = queues[1].deque(asc.float32)
    asc.data_copy(y_gm, c, N)
    queues[1].free_tensor(c)


def launch():
    x = np.ones(N, np.float32)
    list_kernel[1](x, np.zeros_like(x))
