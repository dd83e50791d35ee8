"""Rejected: gather_mask of float16 data with a uint32 pattern tensor (a 16-bit element takes a uint16 pattern,
a 32-bit one a uint32 pattern)."""

import asc
import numpy as np

N = 256


@asc.jit
def gather_mask_pattern_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    p_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 2)
    pipe.init_buffer(p_buf, N * 4)
    a = a_buf.get(asc.float16)
    pattern = p_buf.get(asc.uint32)
    asc.data_copy(a, x_gm, N)
    asc.gather_mask(a, a, pattern, True, 128, asc.GatherMaskParams(1, 1, 8, 0))
    asc.data_copy(z_gm, a, N)


def launch():
    x = np.ones(N, np.float16)
    gather_mask_pattern_kernel[1](x, np.zeros_like(x))
