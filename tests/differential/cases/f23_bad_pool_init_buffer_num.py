"""fwk.TBufPool.init_buffer, rejected: a TBuf's length given as num= (the pool's buffer form takes len=)."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    pool = asc.TBufPool(asc.TPosition.VECCALC, 2)
    pipe.init_buf_pool(pool, 4096)
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pool.init_buffer(buf=buf, num=N * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, N)


def launch():
    x = np.zeros(N, np.float32)
    kernel[1](x, np.zeros_like(x), N)
