"""adv.Matmul with a VECIN C matrix: with mm.iterate() as count, get_tensor_c into a local tensor (positional and
keyword), get_offset_c, async_get_tensor_c, and MatmulType built by keyword with is_trans and layout."""

import asc
import numpy as np


@asc.jit
def local_c_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                   workspace: asc.GlobalAddress) -> None:
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    q_c = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q_c, 1, 64 * 64 * 4)
    a_type = asc.adv.MatmulType(position=asc.TPosition.GM, format=asc.CubeFormat.ND, dtype=asc.float16,
                                is_trans=False, layout=asc.LayoutMode.NONE)
    c_type = asc.adv.MatmulType(asc.TPosition.VECIN, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(a_type, a_type, c_type)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    with mm.iterate() as count:
        c_local = q_c.alloc_tensor(asc.float32)
        mm.get_tensor_c(c_local)
        q_c.enque(c_local)
        c_local = q_c.deque(asc.float32)
        asc.data_copy(c_gm[count * 4096:], c_local, 4096)
        q_c.free_tensor(c_local)
    mm.get_offset_c()
    c_local = q_c.alloc_tensor(asc.float32)
    mm.get_tensor_c(tensor=c_local, en_atomic=0)
    mm.async_get_tensor_c(c_local)
    q_c.free_tensor(c_local)
    mm.end()


def launch():
    tiling = asc.adv.TCubeTiling(used_core_num=1, m=128, k_a=64, k_b=64, n=128, base_m=64, base_k=32, base_n=64,
                                 single_core_m=128, single_core_k=64, single_core_n=128, depth_a1=1, depth_b1=1,
                                 step_m=1, step_n=1, share_mode=0, share_ub_size=0, share_l1_size=0,
                                 share_l0c_size=0)
    local_c_kernel[1](np.zeros(8192, np.float16), np.zeros(8192, np.float16), np.zeros(16384, np.float32), tiling,
                      np.zeros(1024, np.uint8))
