"""Point 12: a helper parameter annotated GlobalAddress receives a GlobalTensor (CANN reads no annotation
but ConstExpr), and an unannotated one receives a LocalTensor."""

import asc
import numpy as np


@asc.jit
def store(dst: asc.GlobalAddress, src, n: int) -> None:
    asc.data_copy(dst, src, n)


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)
    y_gm.set_global_buffer(y, 128)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 512)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 128)
    store(y_gm, t, 128)


def launch():
    x = np.zeros(128, np.float32)
    kernel[1](x, np.zeros_like(x))
