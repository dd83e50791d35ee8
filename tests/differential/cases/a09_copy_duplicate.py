"""copy with a lane-count mask and a bit mask and CopyRepeatParams (positional and by keyword, as its page writes
them); duplicate in its count and both repeat forms on float16, float32 and int32."""

import asc
import numpy as np

N = 1024


@asc.jit
def copy_duplicate_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 2)
    pipe.init_buffer(b_buf, N * 2)
    src = a_buf.get(asc.float16)
    dst = b_buf.get(asc.float16)
    asc.data_copy(src, x_gm, N)
    params = asc.CopyRepeatParams(dst_stride=1, src_stride=2, dst_repeat_size=8, src_repeat_size=16)
    asc.copy(dst, src, mask=128, repeat_time=4, repeat_params=params)
    asc.copy(dst, src, [2**64 - 1, 2**64 - 1], 4, asc.CopyRepeatParams(1, 1, 8, 8))
    asc.duplicate(dst, 1.5, N)
    asc.duplicate(dst, 0.0, count=512)
    asc.duplicate(dst, 2.0, 128, 4, 1, 8)
    asc.duplicate(dst, scalar=3.0, mask=[0, 2**64 - 1], repeat_times=2, dst_block_stride=1, dst_repeat_stride=8,
                  is_set_mask=True)
    f = a_buf.get(asc.float32)
    asc.duplicate(f, 0.25, 64, 8, 1, 8, False)
    i = a_buf.get(asc.int32)
    asc.duplicate(i, 7, count=256)
    asc.data_copy(z_gm, dst, N)


def launch():
    x = np.ones(N, np.float16)
    copy_duplicate_kernel[1](x, np.zeros_like(x))
