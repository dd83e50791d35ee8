"""The CANN-style pipeline of helpers: copy_in enqueues, compute deques and enqueues, copy_out deques, for each tile
of a loop whose count is a run-time value, with a prologue tile and a deque under `if i > 0`. Every deque is
reached by an enque: no finding."""

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
def compute(qi: asc.TQue, qo: asc.TQue):
    a = qi.deque(asc.float32)
    b = qo.alloc_tensor(asc.float32)
    asc.muls(b, a, 3.0, TILE)
    qo.enque(b)
    qi.free_tensor(a)


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
        compute(q_in, q_out)
        copy_out(q_out, y_gm, i)
    for i in range(4):
        if i > 0:
            copy_out(q_out, y_gm, i - 1)
        copy_in(q_in, x_gm, i)
        compute(q_in, q_out)
    copy_out(q_out, y_gm, 3)


def launch():
    kernel[1](np.ones(N, np.float32), np.zeros(N, np.float32), N)
