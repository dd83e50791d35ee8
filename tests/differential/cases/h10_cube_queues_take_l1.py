"""Queues at A1 take L1, not the Unified Buffer: 256 KiB of A1 buffers beside a small VECIN queue is no Unified
Buffer overflow (no PA601; the simulator runs it clean)."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    qa = asc.TQue(asc.TPosition.A1, 1)
    pipe.init_buffer(qa, 2, 128 * 1024)
    qv = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(qv, 1, N * 4)
    a = qa.alloc_tensor(asc.float32)
    qa.free_tensor(a)
    t = qv.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, N)
    qv.enque(t)
    t = qv.deque(asc.float32)
    asc.data_copy(y_gm, t, N)
    qv.free_tensor(t)


def launch():
    kernel[1](np.ones(N, np.float32), np.zeros(N, np.float32))
