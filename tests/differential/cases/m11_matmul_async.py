"""adv.Matmul asynchronous forms: set_workspace, iterate(sync=False) with get_tensor_c(sync=False) per block and
wait_get_tensor_c, iterate_all(sync=False, ...) then wait_iterate_all, set_hf32 on float inputs, register_matmul
without the tiling followed by init(tiling)."""

import asc
import numpy as np


@asc.jit
def async_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                 workspace: asc.GlobalAddress) -> None:
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    w_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    w_gm.set_global_buffer(workspace)
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(a_type, a_type, c_type)
    asc.adv.register_matmul(pipe, workspace, mm)
    mm.init(tiling)
    mm.set_workspace(w_gm)
    mm.set_hf32(True)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate(sync=False)
    blocks = tiling.single_core_m // tiling.base_m * (tiling.single_core_n // tiling.base_n)
    for _ in range(blocks):
        mm.get_tensor_c(tensor=c_gm, sync=False)
        mm.wait_get_tensor_c()
    mm.iterate_all(tensor=c_gm, en_atomic=0, sync=False, en_sequential_write=False, wait_iterate_all=True)
    mm.wait_iterate_all()
    mm.set_hf32(False)
    mm.end()


def launch():
    tiling = asc.adv.TCubeTiling(used_core_num=1, m=128, k_a=64, k_b=64, n=128, base_m=64, base_k=32, base_n=64,
                                 single_core_m=128, single_core_k=64, single_core_n=128, depth_a1=1, depth_b1=1,
                                 step_m=1, step_n=1, is_bias=1, share_mode=0, share_ub_size=0, share_l1_size=0,
                                 share_l0c_size=0)
    async_kernel[1](np.zeros(8192, np.float32), np.zeros(8192, np.float32), np.zeros(16384, np.float32), tiling,
                    np.zeros(65536, np.uint8))
