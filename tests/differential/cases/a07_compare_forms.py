"""compare in all five forms (count; lane-count and bit masks with a dst; both masks into the CMPMASK register
then get_cmp_mask), keyword cmp_mode as the API page writes it, and compare_scalar in its three forms."""

import asc
import numpy as np

N = 256
uint64_max = 2**64 - 1


@asc.jit
def compare_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    m_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 4)
    pipe.init_buffer(b_buf, N * 4)
    pipe.init_buffer(m_buf, N)
    src0 = a_buf.get(asc.float32)
    src1 = b_buf.get(asc.float32)
    dst = m_buf.get(asc.uint8)
    asc.data_copy(src0, x_gm, N)
    asc.data_copy(src1, y_gm, N)
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    asc.compare(dst, src0, src1, cmp_mode=asc.CMPMODE.LT, count=N)
    asc.compare(dst, src0, src1, asc.CMPMODE.GE, 64, 4, params)
    asc.compare(dst, src0, src1, cmp_mode=asc.CMPMODE.EQ, mask=[0, uint64_max], repeat_times=1, repeat_params=params)
    asc.compare(src0, src1, cmp_mode=asc.CMPMODE.LT, mask=64, repeat_params=params)
    asc.compare(src0, src1, asc.CMPMODE.NE, [0, uint64_max], params)
    bits = m_buf.get(asc.uint16)
    asc.get_cmp_mask(bits)
    h = a_buf.get(asc.float16)
    asc.compare_scalar(dst, h, 0.5, cmp_mode=asc.CMPMODE.GT, count=N)
    scalar_params = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.compare_scalar(dst, h, 1.0, asc.CMPMODE.LE, 128, 2, scalar_params)
    asc.compare_scalar(dst, h, 2.0, cmp_mode=asc.CMPMODE.LT, mask=[uint64_max, uint64_max], repeat_times=2,
                       repeat_params=scalar_params)
    i = b_buf.get(asc.int32)
    asc.compare_scalar(dst, i, 3, asc.CMPMODE.EQ, 64)
    out = a_buf.get(asc.uint8)
    asc.data_copy(z_gm, out, N)


def launch():
    x = np.ones(N, np.float32)
    compare_kernel[1](x, np.ones_like(x), np.zeros(N, np.uint8))
