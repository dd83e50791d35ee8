"""A deque inside a jit helper from the kernel's output queue, which nothing enqueues to (the loop calls copy_out
with no compute step): CANN's tracer accepts it, the device waits forever (PS106); we report PA503 as an error on
the helper's deque, naming the kernel's queue."""

import asc
import numpy as np

TILE = 128
N = 512


@asc.jit
def copy_in(q: asc.TQue, g: asc.GlobalTensor, i: int):
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, g[i * TILE:], TILE)
    q.enque(t)


@asc.jit
def copy_out(q: asc.TQue, g: asc.GlobalTensor, i: int):
    t = q.deque(asc.float32)
    asc.data_copy(g[i * TILE:], t, TILE)
    q.free_tensor(t)


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, TILE * 4)
    pipe.init_buffer(q_out, 1, TILE * 4)
    for i in range(n // TILE):
        copy_in(q_in, x_gm, i)
        copy_out(q_out, y_gm, i)
        t = q_in.deque(asc.float32)
        q_in.free_tensor(t)


def launch():
    kernel[1](np.ones(N, np.float32), np.zeros(N, np.float32), N)
