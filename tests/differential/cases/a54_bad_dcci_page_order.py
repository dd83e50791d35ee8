"""Rejected: data_cache_clean_and_invalid with the page's positional order (entire_type, dcci_dst, dst); CANN's
tracer binds its parameters as (entire_type, dst, dcci_dst), so the order works by keyword only."""

import asc
import numpy as np

N = 256


@asc.jit
def dcci_order_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 4)
    pipe.init_buffer(b_buf, N * 4)
    asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, asc.DcciDst.CACHELINE_OUT, z_gm)


def launch():
    dcci_order_kernel[1](np.ones(N, np.float32), np.zeros(N, np.float32))
