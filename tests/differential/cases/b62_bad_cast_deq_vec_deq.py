"""CANN rejects: cast_deq with is_vec_deq and half_block keywords (its page shows them; CANN's cast_deq
dispatcher registers neither)."""

import asc
import numpy as np


@asc.jit
def bad_kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    src_local = asc.LocalTensor(dtype=asc.int16, pos=asc.TPosition.VECIN, addr=0, tile_size=256)
    dst_local = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.VECOUT, addr=512, tile_size=256)
    asc.data_copy(src_local, x_gm, 256)
    asc.set_deq_scale(1.0, 0, True)
    asc.cast_deq(dst_local, src_local, count=256, is_vec_deq=False, half_block=False)


def launch():
    bad_kernel[1](np.zeros(256, np.int16))
