"""block_reduce_max/min/sum with a lane-count mask and a bit mask (positional and keyword), on float16 and float32,
and brcb broadcasting 8 values per repeat into blocks (BrcbRepeatParams positional and keyword)."""

import asc
import numpy as np

N = 256


@asc.jit
def block_reduce_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 4)
    pipe.init_buffer(b_buf, N * 4)
    src = a_buf.get(asc.float16)
    dst = b_buf.get(asc.float16)
    asc.data_copy(src, x_gm, N)
    asc.block_reduce_sum(dst, src, 2, 128, 1, 1, 8)
    asc.block_reduce_max(dst, src, repeat=2, mask=128, dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    asc.block_reduce_min(dst, src, 2, [2**64 - 1, 2**64 - 1], 1, 1, 8)
    f = a_buf.get(asc.float32)
    g = b_buf.get(asc.float32)
    asc.block_reduce_sum(g, f, 1, mask=[0, 2**64 - 1], dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    asc.block_reduce_max(g, f, 4, 64, 1, 1, 8)
    asc.block_reduce_min(g, f, 4, 32, 1, 1, 8)
    asc.brcb(dst, src, 2, asc.BrcbRepeatParams(1, 8))
    brcb_params = asc.BrcbRepeatParams(dst_blk_stride=1, dst_rep_stride=8)
    asc.brcb(g, f, repeat_times=1, repeat_params=brcb_params)
    asc.data_copy(z_gm, dst, N)


def launch():
    x = np.ones(N, np.float16)
    block_reduce_kernel[1](x, np.zeros_like(x))
