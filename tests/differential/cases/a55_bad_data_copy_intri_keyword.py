"""Rejected: data_copy's DataCopyParams + DataCopyEnhancedParams form with the page's keyword intri_params; CANN's
tracer names that parameter repeat_params."""

import asc
import numpy as np

N = 256


@asc.jit
def intri_keyword_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 4)
    pipe.init_buffer(b_buf, N * 4)
    a = a_buf.get(asc.float32)
    asc.data_copy(a, x_gm, intri_params=asc.DataCopyParams(1, 8, 0, 0), enhanced_params=asc.DataCopyEnhancedParams())
    asc.data_copy(z_gm, a, N)


def launch():
    intri_keyword_kernel[1](np.ones(N, np.float32), np.zeros(N, np.float32))
