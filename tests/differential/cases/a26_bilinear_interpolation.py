"""bilinear_interpolation with a lane-count mask and with a bit mask, its scalar arguments named as on its page,
the offsets uint32 and the scratch buffer uint8."""

import asc
import numpy as np

N = 512


@asc.jit
def bilinear_kernel(x: asc.GlobalAddress, o: asc.GlobalAddress, w: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    o_gm = asc.GlobalTensor()
    w_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    o_gm.set_global_buffer(o, N)
    w_gm.set_global_buffer(w, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    x_buf = asc.TBuf(asc.TPosition.VECCALC)
    o_buf = asc.TBuf(asc.TPosition.VECCALC)
    w_buf = asc.TBuf(asc.TPosition.VECCALC)
    z_buf = asc.TBuf(asc.TPosition.VECCALC)
    t_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(x_buf, N * 2)
    pipe.init_buffer(o_buf, N * 4)
    pipe.init_buffer(w_buf, N * 2)
    pipe.init_buffer(z_buf, N * 2)
    pipe.init_buffer(t_buf, 1024)
    src0_local = x_buf.get(asc.float16)
    src0_offset_local = o_buf.get(asc.uint32)
    src1_local = w_buf.get(asc.float16)
    dst_local = z_buf.get(asc.float16)
    tmp_local = t_buf.get(asc.uint8)
    asc.data_copy(src0_local, x_gm, N)
    asc.data_copy(src0_offset_local, o_gm, N)
    asc.data_copy(src1_local, w_gm, N)
    mask = 128
    h_repeat = 2
    repeat_mode = False
    dst_blk_stride = 1
    v_r_offset = 128
    v_repeat = 2
    asc.bilinear_interpolation(dst_local, src0_local, src0_offset_local, src1_local, mask, h_repeat, repeat_mode,
                               dst_blk_stride, v_r_offset, v_repeat, tmp_local)
    uint64_max = 2**64 - 1
    asc.bilinear_interpolation(dst_local, src0_local, src0_offset_local, src1_local, [uint64_max, uint64_max],
                               h_repeat, repeat_mode, dst_blk_stride, v_r_offset, v_repeat, tmp_local)
    asc.data_copy(z_gm, dst_local, N)


def launch():
    x = np.ones(N, np.float16)
    bilinear_kernel[1](x, np.zeros(N, np.uint32), np.ones_like(x), np.zeros_like(x))
