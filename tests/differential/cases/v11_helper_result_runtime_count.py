"""Accepted: a jit helper's result passed on to another helper's run-time count (the twin of v60, whose ConstExpr
parameter refuses it), on either side of a run-time if."""

import asc
import numpy as np

N = 256


@asc.jit
def split(n: int, parts: int):
    return n // parts, n - n // parts


@asc.jit
def fill(t: asc.LocalTensor, count: int):
    asc.duplicate(t, 1.0, count)


@asc.jit
def runtime_count_from_helper_kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, N * 4)
    t = q.alloc_tensor(asc.float32)
    head, tail = split(256, 2)
    if n > 64:
        fill(t, head)
    else:
        fill(t, tail)
    asc.data_copy(x_gm, t, N)
    q.free_tensor(t)


def launch():
    runtime_count_from_helper_kernel[1](np.zeros(N, np.float32), 100)
