"""CANN rejects: asc.sub_relu(ia, ia, ia, N) on int32 tensors (sub relu int32)."""

import asc
import numpy as np

N = 128


@asc.jit
def bad_kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    pipe = asc.TPipe()
    buf_a = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf_a, N * 4)
    ia = buf_a.get(asc.int32)
    asc.sub_relu(ia, ia, ia, N)


def launch():
    bad_kernel[1](np.zeros(N, np.float32))
