"""adv.Matmul, rejected: a TCubeTiling given as the matmul_config (CANN requires a MatmulConfig or None)."""

import asc
import numpy as np


@asc.jit
def bad_kernel(a: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(a_type, a_type, c_type, c_type, tiling)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.end()


def launch():
    tiling = asc.adv.TCubeTiling(used_core_num=1, m=128, k_a=64, k_b=64, n=128, base_m=64, base_k=32, base_n=64,
                                 single_core_m=128, single_core_k=64, single_core_n=128, depth_a1=1, depth_b1=1,
                                 step_m=1, step_n=1, share_mode=0, share_ub_size=0, share_l1_size=0,
                                 share_l0c_size=0, batch_m=2, batch_n=2, single_batch_m=2, single_batch_n=2)
    bad_kernel[1](np.zeros(8192, np.float16), tiling, np.zeros(1024, np.uint8))
