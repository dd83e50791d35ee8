"""adv.Matmul batches: BSNGD/BNGS1S2 layouts in MatmulType, set_batch_num, iterate_batch (positional and keywords) and
wait_iterate_batch, set_workspace and iterate_n_batch with get_batch_tensor_c into a local tensor."""

import asc
import numpy as np


@asc.jit
def batch_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                 workspace: asc.GlobalAddress, batch_a: int, batch_b: int) -> None:
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, asc.LayoutMode.BSNGD)
    b_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, True, asc.LayoutMode.BSNGD)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, False, asc.LayoutMode.BNGS1S2)
    mm = asc.adv.Matmul(a_type, b_type, c_type)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm, True)
    mm.set_batch_num(batch_a, batch_b)
    mm.iterate_batch(c_gm, batch_a, batch_b, False)
    mm.iterate_batch(tensor=c_gm, batch_a=batch_a, batch_b=batch_b, en_sequential_write=False, sync=False)
    mm.wait_iterate_batch()
    mm.end()


@asc.jit
def n_batch_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                   workspace: asc.GlobalAddress, batch_a: int, batch_b: int) -> None:
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    pipe = asc.TPipe()
    q_c = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q_c, 1, 131072)
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, asc.LayoutMode.NORMAL)
    c_type = asc.adv.MatmulType(asc.TPosition.VECIN, asc.CubeFormat.ND, asc.float32, False, asc.LayoutMode.NORMAL)
    mm = asc.adv.Matmul(a_type, a_type, c_type)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    w_gm = asc.GlobalTensor()
    w_gm.set_global_buffer(workspace)
    mm.set_workspace(w_gm)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_n_batch(2, batch_a, batch_b, False, sync=False)
    c_local = q_c.alloc_tensor(asc.float32)
    for _ in range(2):
        mm.get_batch_tensor_c(c_local, batch_a, batch_b, sync=False)
    q_c.free_tensor(c_local)
    mm.end()


def launch():
    tiling = asc.adv.TCubeTiling(used_core_num=1, m=128, k_a=64, k_b=64, n=128, base_m=64, base_k=32, base_n=64,
                                 single_core_m=128, single_core_k=64, single_core_n=128, depth_a1=1, depth_b1=1,
                                 step_m=1, step_n=1, share_mode=0, share_ub_size=0, share_l1_size=0,
                                 share_l0c_size=0, batch_m=2, batch_n=2, single_batch_m=2, single_batch_n=2)
    args = (np.zeros(32768, np.float16), np.zeros(32768, np.float16), np.zeros(65536, np.float32), tiling,
            np.zeros(262144, np.uint8), 2, 2)
    batch_kernel[1](*args)
    n_batch_kernel[1](*args)
