"""A jit helper gives three queues 64 KiB each, its size a parameter of the call: the third crosses the Unified
Buffer; CANN's tracer accepts it and the device has no memory for it (the simulator stops it, PS103); we report
PA601 as an error on the helper's third init_buffer."""

import asc
import numpy as np

N = 16384


@asc.jit
def setup(pipe: asc.TPipe, qa: asc.TQue, qb: asc.TQue, qc: asc.TQue, nbytes: int) -> None:
    pipe.init_buffer(qa, 1, nbytes)
    pipe.init_buffer(qb, 1, nbytes)
    pipe.init_buffer(qc, 1, nbytes)


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    qa = asc.TQue(asc.TPosition.VECIN, 1)
    qb = asc.TQue(asc.TPosition.VECIN, 1)
    qc = asc.TQue(asc.TPosition.VECOUT, 1)
    setup(pipe, qa, qb, qc, N * 4)
    t = qa.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, N)
    qa.enque(t)
    t = qa.deque(asc.float32)
    asc.data_copy(y_gm, t, N)
    qa.free_tensor(t)


def launch():
    kernel[1](np.ones(N, np.float32), np.zeros(N, np.float32))
