"""Binary vector APIs in their repeat forms: a lane-count mask and a two-word bit mask, positional and keyword
(as the API pages show), BinaryRepeatParams built positionally and by keyword, is_set_mask given."""

import asc
import numpy as np

N = 512
uint64_max = 2**64 - 1


@asc.jit
def binary_mask_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    c_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 2)
    pipe.init_buffer(b_buf, N * 2)
    pipe.init_buffer(c_buf, N * 2)
    a = a_buf.get(asc.float16)
    b = b_buf.get(asc.float16)
    c = c_buf.get(asc.float16)
    asc.data_copy(a, x_gm, N)
    asc.data_copy(b, y_gm, N)
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    asc.add(c, a, b, mask=128, repeat_times=4, repeat_params=params)
    mask = [uint64_max, uint64_max]
    asc.add(c, c, b, mask=mask, repeat_times=4, repeat_params=params)
    asc.div(c, c, b, 128, 4, params)
    asc.div(c, c, b, [uint64_max, uint64_max], 4, params, False)
    kw = asc.BinaryRepeatParams(dst_blk_stride=1, src0_blk_stride=1, src1_blk_stride=1, dst_rep_stride=8,
                                src0_rep_stride=8, src1_rep_stride=8)
    asc.fused_mul_add(c, a, b, 64, 4, kw)
    asc.fused_mul_add_relu(c, a, b, mask=mask, repeat_times=4, repeat_params=kw, is_set_mask=True)
    asc.add_relu(c, a, b, 128, 4, params)
    s = a_buf.get(asc.int16)
    t = b_buf.get(asc.int16)
    asc.bitwise_and(s, s, t, 128, 4, params)
    asc.bitwise_or(s, s, t, [uint64_max, 0], 4, params)
    asc.data_copy(z_gm, c, N)


def launch():
    x = np.ones(N, np.float16)
    binary_mask_kernel[1](x, np.ones_like(x), np.zeros_like(x))
