"""Rejected: Matmul.iterate_all with en_atomic=5. CANN's Matmul takes 0 to 3 (no atomic, add, max, min)."""

import asc
import numpy as np


@asc.jit
def en_atomic_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                     workspace: asc.GlobalAddress) -> None:
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(a_type, a_type, c_type)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm, en_atomic=5)
    mm.end()


def launch():
    tiling = asc.adv.TCubeTiling(used_core_num=1, m=64, k_a=32, k_b=32, n=64, base_m=32, base_k=32, base_n=32,
                                 single_core_m=64, single_core_k=32, single_core_n=64, depth_a1=1, depth_b1=1,
                                 step_m=1, step_n=1, is_bias=0, share_mode=0, share_ub_size=0, share_l1_size=0,
                                 share_l0c_size=0)
    en_atomic_kernel[1](np.ones(2048, np.float16), np.ones(2048, np.float16), np.zeros(4096, np.float32), tiling,
                        np.zeros(1024, np.uint8))
