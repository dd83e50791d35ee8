"""Point 11: `with matmul.iterate() as count:`, CANN's loop over a Matmul's result blocks (each written whole at block
`count` of c)."""

import asc
import numpy as np


@asc.jit
def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(position=asc.TPosition.GM, format=asc.CubeFormat.ND, dtype=asc.float16)
    b_type = asc.adv.MatmulType(position=asc.TPosition.GM, format=asc.CubeFormat.ND, dtype=asc.float16)
    c_type = asc.adv.MatmulType(position=asc.TPosition.GM, format=asc.CubeFormat.ND, dtype=asc.float32)
    mm = asc.adv.Matmul(a_type, b_type, c_type)
    asc.adv.register_matmul(pipe, workspace, mm)
    tiling = asc.adv.TCubeTiling(used_core_num=1, m=128, k_a=64, k_b=64, n=128, base_m=64, base_k=32, base_n=64,
                                 single_core_m=128, single_core_k=64, single_core_n=128, depth_a1=1, depth_b1=1,
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
    with mm.iterate() as count:
        mm.get_tensor_c(c_gm[count * 4096:], en_sequential_write=True)  # block `count` as 64 x 64 rows
    mm.end()


def launch():
    kernel[1](np.zeros(8192, np.float16), np.zeros(8192, np.float16), np.zeros(16384, np.float32),
              np.zeros(1024, np.uint8))
