"""`not` of a ConstExpr comparison: CANN's tracer calls __not__ on a Python bool, which has none."""

import asc
import numpy as np


@asc.jit
def body(mm: asc.adv.Matmul, a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress) -> None:
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm)
    mm.end()


@asc.jit
def not_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
               workspace: asc.GlobalAddress, m: asc.ConstExpr[int], k: asc.ConstExpr[int]) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    cfg = asc.adv.get_normal_config(batch_loop=not (m > k))
    mm = asc.adv.Matmul(a_type, a_type, c_type, c_type, cfg)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    body(mm, a, b, c)


def launch():
    tiling = asc.adv.TCubeTiling(used_core_num=1, m=128, k_a=64, k_b=64, n=128, base_m=64, base_k=32, base_n=64,
                                 single_core_m=128, single_core_k=64, single_core_n=128, depth_a1=1, depth_b1=1,
                                 step_m=1, step_n=1, is_bias=1, share_mode=0, share_ub_size=0, share_l1_size=0,
                                 share_l0c_size=0)
    a = np.zeros(8192, np.float16)
    b = np.zeros(8192, np.float16)
    c = np.zeros(16384, np.float32)
    workspace = np.zeros(1024, np.uint8)
    not_kernel[1](a, b, c, tiling, workspace, 128, 64)
