"""gather_mask with a built-in pattern number (GatherMaskParams by keyword, as on its page) and with a pattern
tensor, the count each keeps used as a copy length."""

import asc
import numpy as np

N = 512


@asc.jit
def gather_mask_kernel(x: asc.GlobalAddress, p: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    p_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    p_gm.set_global_buffer(p, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    x_buf = asc.TBuf(asc.TPosition.VECCALC)
    p_buf = asc.TBuf(asc.TPosition.VECCALC)
    z_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(x_buf, N * 2)
    pipe.init_buffer(p_buf, N * 2)
    pipe.init_buffer(z_buf, N * 2)
    src0_local = x_buf.get(asc.float16)
    pattern = p_buf.get(asc.uint16)
    dst_local = z_buf.get(asc.float16)
    asc.data_copy(src0_local, x_gm, N)
    asc.data_copy(pattern, p_gm, N)
    params = asc.GatherMaskParams(src0_block_stride=1, repeat_times=1, src0_repeat_stride=0, src1_repeat_stride=0)
    rsvd_cnt = asc.gather_mask(dst_local, src0_local, 2, False, 0, params, asc.GatherMaskMode.DEFAULT)
    asc.data_copy(z_gm, dst_local, rsvd_cnt)
    kept = asc.gather_mask(dst_local, src0_local, pattern, True, 128, asc.GatherMaskParams(1, 1, 8, 0))
    asc.data_copy(z_gm[N // 2:], dst_local, kept)


def launch():
    x = np.ones(N, np.float16)
    gather_mask_kernel[1](x, np.zeros(N, np.uint16), np.zeros_like(x))
