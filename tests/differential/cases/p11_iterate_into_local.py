"""Point 11: `with mm.iterate() as i:` with the result block copied out through a queue in the body."""

import asc
import numpy as np


@asc.jit
def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(position=asc.TPosition.GM, format=asc.CubeFormat.ND, dtype=asc.float16)
    c_type = asc.adv.MatmulType(position=asc.TPosition.VECIN, format=asc.CubeFormat.ND, dtype=asc.float32)
    mm = asc.adv.Matmul(a_type, a_type, c_type)
    asc.adv.register_matmul(pipe, workspace, mm)
    tiling = asc.adv.TCubeTiling(used_core_num=1, m=64, k_a=64, k_b=64, n=64, base_m=64, base_k=64, base_n=64,
                                 single_core_m=64, single_core_k=64, single_core_n=64, depth_a1=1, depth_b1=1,
                                 step_m=1, step_n=1, share_mode=0, share_ub_size=0,
                                 share_l1_size=asc.property(asc.TOTAL_L1_SIZE),
                                 share_l0c_size=asc.property(asc.TOTAL_L0C_SIZE))
    mm.init(tiling)
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    out_q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(out_q, 1, 64 * 64 * 4)
    with mm.iterate() as i:
        block = out_q.alloc_tensor(asc.float32)
        mm.get_tensor_c(block)
        out_q.enque(block)
        block = out_q.deque(asc.float32)
        asc.data_copy(c_gm[i * 4096:], block, 4096)
        out_q.free_tensor(block)
    mm.end()


def launch():
    kernel[1](np.zeros(4096, np.float16), np.zeros(4096, np.float16), np.zeros(4096, np.float32),
              np.zeros(1024, np.uint8))
