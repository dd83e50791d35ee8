"""asc.adv.get_mm_config takes its mode and parameter records in any order, by keyword too (CANN's dispatcher
looks at their types, Ascend C's GetMMConfig reads each record by its type): one kernel per order."""

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
def mode_last_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                     workspace: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    shape = asc.adv.MatmulShapeParams(128, 128, 64, 64, 64, 32)
    cfg = asc.adv.get_mm_config(shape, asc.MatmulConfigMode.CONFIG_MDL)
    mm = asc.adv.Matmul(a_type, a_type, c_type, c_type, cfg)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    body(mm, a, b, c)


@asc.jit
def records_only_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                        workspace: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    shape = asc.adv.MatmulShapeParams(128, 128, 64, 64, 64, 32)
    funcs = asc.adv.MatmulFuncParams(enable_reuse=False)
    cfg = asc.adv.get_mm_config(funcs, shape)
    mm = asc.adv.Matmul(a_type, a_type, c_type, c_type, cfg)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    body(mm, a, b, c)


@asc.jit
def mode_between_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                        workspace: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    quant = asc.adv.MatmulQuantParams(False, False)
    batch = asc.adv.MatmulBatchParams(False, asc.BatchMode.BATCH_LESS_THAN_L1)
    cfg = asc.adv.get_mm_config(quant, asc.MatmulConfigMode.CONFIG_NORM, batch)
    mm = asc.adv.Matmul(a_type, a_type, c_type, c_type, cfg)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    body(mm, a, b, c)


@asc.jit
def keywords_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                    workspace: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    shape = asc.adv.MatmulShapeParams(128, 128, 64, 64, 64, 32)
    cfg = asc.adv.get_mm_config(shape=shape, config_mode=asc.MatmulConfigMode.CONFIG_MDL)
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
    mode_last_kernel[1](a, b, c, tiling, workspace)
    records_only_kernel[1](a, b, c, tiling, workspace)
    mode_between_kernel[1](a, b, c, tiling, workspace)
    keywords_kernel[1](a, b, c, tiling, workspace)
