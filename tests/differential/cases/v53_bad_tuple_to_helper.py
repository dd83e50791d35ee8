"""A held tuple passed on to another helper: CANN's tracer cannot make a tuple or list a run-time argument."""

import asc
import numpy as np

N = 256


@asc.jit
def pair(i: int):
    return i * 64, i * 64 + 64


@asc.jit
def copy_span(x_gm: asc.GlobalTensor, y_gm: asc.GlobalTensor, q: asc.TQue, span):
    lo, hi = span
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[lo:], 64)
    asc.data_copy(y_gm[hi - 64:], t, 64)
    q.free_tensor(t)


@asc.jit
def pass_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 256)
    p = pair(asc.get_block_idx())
    copy_span(x_gm, y_gm, q, p)


def launch():
    pass_kernel[1](np.zeros(N, np.float32), np.zeros(N, np.float32))
