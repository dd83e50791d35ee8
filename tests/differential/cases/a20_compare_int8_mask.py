"""compare writing its bit mask into an int8 tensor (Ascend C's Compare takes an int8_t or uint8_t dst), then
select reading that mask back, in the count form."""

import asc
import numpy as np

N = 256


@asc.jit
def compare_int8_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    m_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 2)
    pipe.init_buffer(m_buf, N // 8)
    a = a_buf.get(asc.float16)
    bits = m_buf.get(asc.int8)
    asc.data_copy(a, x_gm, N)
    asc.compare(bits, a, a, asc.CMPMODE.EQ, N)
    asc.compare(bits, a, a, asc.CMPMODE.LT, 128, 2, asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8))
    asc.data_copy(z_gm, a, N)


def launch():
    x = np.ones(N, np.float16)
    compare_int8_kernel[1](x, np.zeros_like(x))
