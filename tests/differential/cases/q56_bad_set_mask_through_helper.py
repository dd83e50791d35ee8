"""Rejected: is_set_mask=flag inside a jit helper called with True. CANN's tracer passes every helper argument not
annotated ConstExpr as a run-time value, so flag is no Python bool there and adds has no form for it."""

import asc
import numpy as np

N = 128


@asc.jit
def add_one(t: asc.LocalTensor, flag) -> None:
    asc.adds(t, t, 1.0, N, 1, asc.UnaryRepeatParams(1, 1, 8, 8), is_set_mask=flag)


@asc.jit
def set_mask_helper_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 2)
    t = buf.get(asc.float16)
    asc.data_copy(t, x_gm, N)
    add_one(t, True)
    asc.data_copy(z_gm, t, N)


def launch():
    set_mask_helper_kernel[1](np.ones(N, np.float16), np.zeros(N, np.float16))
