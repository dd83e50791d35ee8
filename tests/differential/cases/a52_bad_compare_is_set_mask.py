"""Rejected: compare in its bit-mask repeat form with an is_set_mask argument, which CANN's tracer does not take
for compare (the binary arithmetic APIs do)."""

import asc
import numpy as np

N = 128


@asc.jit
def compare_set_mask_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    m_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 2)
    pipe.init_buffer(m_buf, N)
    a = a_buf.get(asc.float16)
    dst = m_buf.get(asc.uint8)
    asc.data_copy(a, x_gm, N)
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    asc.compare(dst, a, a, asc.CMPMODE.EQ, [2**64 - 1, 2**64 - 1], 1, params, False)
    asc.data_copy(z_gm, dst, N)


def launch():
    compare_set_mask_kernel[1](np.ones(N, np.float16), np.zeros(N, np.uint8))
