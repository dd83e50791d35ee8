"""Rejected: gather_mask with the built-in pattern number 0 (the built-in patterns are 1 to 7)."""

import asc
import numpy as np

N = 256


@asc.jit
def gather_mask_zero_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 2)
    pipe.init_buffer(b_buf, N * 2)
    a = a_buf.get(asc.float16)
    b = b_buf.get(asc.float16)
    asc.data_copy(a, x_gm, N)
    asc.gather_mask(b, a, 0, False, 0, asc.GatherMaskParams(1, 1, 8, 0))
    asc.data_copy(z_gm, b, N)


def launch():
    x = np.ones(N, np.float16)
    gather_mask_zero_kernel[1](x, np.zeros_like(x))
