"""Point 8: a kernel parameter typed asc.adv.TCubeTiling: fields read, one assigned, `.ceildiv()` on a field."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, tiling: asc.adv.TCubeTiling) -> None:
    tiling.share_l1_size = asc.property(asc.TOTAL_L1_SIZE)
    blocks = tiling.m.ceildiv(tiling.base_m)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, tiling.m * tiling.n)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 4096)
    t = buf.get(asc.float32)
    for i in range(blocks):
        asc.data_copy(t, x_gm[i * tiling.base_m:], tiling.base_m)
        asc.data_copy(x_gm[i * tiling.base_m:], t, tiling.base_m)


def launch():
    tiling = asc.adv.TCubeTiling(used_core_num=1, m=256, k_a=64, k_b=64, n=4, base_m=64, base_k=32, base_n=4,
                                 single_core_m=256, single_core_k=64, single_core_n=4, depth_a1=1, depth_b1=1,
                                 step_m=1, step_n=1, share_mode=0, share_ub_size=0, share_l1_size=0,
                                 share_l0c_size=0)
    kernel[1](np.zeros(1024, np.float32), tiling)
