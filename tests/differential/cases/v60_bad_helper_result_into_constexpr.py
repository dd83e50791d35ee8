"""Rejected: a jit helper's result passed to another helper's ConstExpr parameter. CANN's tracer compiles the
helper as a function of its own, so what it returns is a run-time value there, even computed from constants."""

import asc
import numpy as np

N = 256


@asc.jit
def split(n: int, parts: int):
    return n // parts, n - n // parts


@asc.jit
def fill(t: asc.LocalTensor, count: asc.ConstExpr[int]):
    asc.duplicate(t, 1.0, count)


@asc.jit
def constexpr_from_helper_kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, N * 4)
    t = q.alloc_tensor(asc.float32)
    head, tail = split(256, 2)
    fill(t, head)
    asc.data_copy(x_gm, t, N)
    q.free_tensor(t)


def launch():
    constexpr_from_helper_kernel[1](np.zeros(N, np.float32))
