"""CANN rejects: whole_reduce_max with is_set_mask (its page lists the parameter, but CANN's whole_reduce_max and
whole_reduce_min take none; only whole_reduce_sum has it)."""

import asc
import numpy as np


@asc.jit
def bad_kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 512)
    x_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
    z_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=1024, tile_size=512)
    asc.data_copy(x_local, x_gm, 512)
    asc.whole_reduce_max(z_local, x_local, mask=128, repeat_time=4, dst_rep_stride=1, src_blk_stride=1,
                         src_rep_stride=8, is_set_mask=False)


def launch():
    bad_kernel[1](np.zeros(512, np.float16))
