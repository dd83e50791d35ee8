"""fwk.TPipe.init_buf_pool with a share_buf keyword, and TBufPool.init_buffer of a TBuf (its `len` argument,
positional and keyword) read back with TBuf.get."""

import asc
import numpy as np

N = 512


@asc.jit
def pool_buf_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    first = asc.TBufPool(asc.TPosition.VECCALC, 2)
    second = asc.TBufPool(pos=asc.TPosition.VECCALC, buf_id_size=2)
    pipe.init_buf_pool(first, 8192)
    pipe.init_buf_pool(buf_pool=second, len=8192, share_buf=first)
    b0 = asc.TBuf(asc.TPosition.VECCALC)
    b1 = asc.TBuf(asc.TPosition.VECCALC)
    first.init_buffer(b0, N * 4)
    first.init_buffer(buf=b1, len=N * 4)
    t0 = b0.get(asc.float32)
    t1 = b1.get(asc.float32, N)
    asc.data_copy(t0, x_gm, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.sqrt(t1, t0, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(y_gm, t1, N)
    first.reset()


def launch():
    x = np.zeros(N, np.float32)
    pool_buf_kernel[1](x, np.zeros_like(x))
