"""init_const_value filling an A1 (L1) tensor with InitConstValueParams by keyword (as on its page) and
positionally, on float16 and float32 tensors."""

import asc
import numpy as np


@asc.jit
def init_const_kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    pipe = asc.TPipe()
    a1 = asc.TBuf(asc.TPosition.A1)
    pipe.init_buffer(a1, 2048)
    dst = a1.get(asc.float32)
    params = asc.InitConstValueParams(repeat_times=1, block_num=2, dst_gap=0, init_value=2.2)
    asc.init_const_value(dst=dst, init_const_value_params=params)
    half_dst = a1.get(asc.float16)
    asc.init_const_value(half_dst, asc.InitConstValueParams(1, 4, 0, 1.0))


def launch():
    init_const_kernel[1](np.zeros(256, np.float32))
