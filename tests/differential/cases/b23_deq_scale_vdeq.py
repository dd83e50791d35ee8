"""set_deq_scale with a uint64 tensor and VdeqInfo (16 scales, offsets and sign modes built by list repetition),
then cast_deq by count (CANN's cast_deq takes no is_vec_deq or half_block keyword, which its page shows)."""

import asc
import numpy as np


@asc.jit
def vdeq_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    y_gm.set_global_buffer(y, 256)
    src_local = asc.LocalTensor(dtype=asc.int16, pos=asc.TPosition.VECIN, addr=0, tile_size=256)
    dst_local = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.VECOUT, addr=512, tile_size=256)
    vdeq_local = asc.LocalTensor(dtype=asc.uint64, pos=asc.TPosition.VECIN, addr=1024, tile_size=16)
    asc.data_copy(src_local, x_gm, 256)
    vdeq_scale = [1.0] * 16
    vdeq_offset = [0] * 16
    vdeq_sign_mode = [False] * 16
    vdeq_info = asc.VdeqInfo(vdeq_scale, vdeq_offset, vdeq_sign_mode)
    asc.set_deq_scale(vdeq_local, vdeq_info)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.cast_deq(dst_local, src_local, count=256)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, dst_local, 256)


def launch():
    x = np.zeros(256, np.int16)
    vdeq_kernel[1](x, np.zeros(256, np.int8))
