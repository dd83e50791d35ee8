"""Point 5: helper calls with keyword arguments and a default left out."""

import asc
import numpy as np


@asc.jit
def axpy_like(dst: asc.LocalTensor, src: asc.LocalTensor, n: int, alpha: float = 2.0, bias: float = 0.0) -> None:
    asc.muls(dst, src, alpha, n)
    asc.adds(dst, dst, bias, n)


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 512)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 128)
    axpy_like(t, t, 128, bias=1.0)
    axpy_like(src=t, dst=t, n=64, alpha=0.5)
    asc.data_copy(x_gm, t, 128)


def launch():
    kernel[1](np.zeros(128, np.float32))
