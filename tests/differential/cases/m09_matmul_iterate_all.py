"""adv.Matmul with a bias type and a TCubeTiling kernel parameter: register_matmul with the tiling, set_tensor_a/b
(transpose positional and keyword), set_bias, set_tail, set_org_shape, set_single_shape, iterate_all, disable_bias
and end, in a cube-only kernel."""

import asc
import numpy as np

M, N, K = 128, 128, 64


@asc.jit(matmul_cube_only=True)
def mm_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
              tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress) -> None:
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    bias_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    bias_gm.set_global_buffer(bias)
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    b_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    bias_type = asc.adv.MatmulType(position=asc.TPosition.GM, format=asc.CubeFormat.ND, dtype=asc.float32)
    mm = asc.adv.Matmul(a_type, b_type, c_type, bias_type)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm, False)
    if tiling.is_bias:
        mm.set_bias(bias_gm)
    mm.set_tail(tiling.single_core_m, tiling.single_core_n, tiling.k_a)
    mm.iterate_all(c_gm)
    mm.set_org_shape(M, N, K)
    mm.set_single_shape(M, N, K)
    mm.set_tensor_a(a_gm, transpose=False)
    mm.set_tensor_b(b_gm)
    mm.disable_bias()
    mm.iterate_all(c_gm, en_atomic=0)
    mm.set_tail()
    mm.end()


def launch():
    tiling = asc.adv.TCubeTiling(used_core_num=1, m=128, k_a=64, k_b=64, n=128, base_m=64, base_k=32, base_n=64,
                                 single_core_m=128, single_core_k=64, single_core_n=128, depth_a1=1, depth_b1=1,
                                 step_m=1, step_n=1, is_bias=1, share_mode=0, share_ub_size=0, share_l1_size=0,
                                 share_l0c_size=0)
    mm_kernel[1](np.zeros(M * K, np.float16), np.zeros(K * N, np.float16), np.zeros(M * N, np.float32),
                 np.zeros(N, np.float32), tiling, np.zeros(1024, np.uint8))
