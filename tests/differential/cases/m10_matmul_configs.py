"""adv.get_*_config: a Matmul built with each of get_normal_config, get_mdl_config, get_basic_config,
get_special_basic_config, get_ib_share_norm_config, get_special_mdl_config and get_mm_config, one kernel each, the
config given positionally or as matmul_config=."""

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
def normal_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                  workspace: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    cfg = asc.adv.get_normal_config()
    mm = asc.adv.Matmul(a_type, a_type, c_type, c_type, cfg)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    body(mm, a, b, c)


@asc.jit
def mdl_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
               workspace: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(a_type, a_type, c_type, matmul_config=asc.adv.get_mdl_config(do_mte2_preload=1))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    body(mm, a, b, c)


@asc.jit
def basic_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                 workspace: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(a_type, a_type, c_type, c_type, asc.adv.get_basic_config(64, 64, 32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    body(mm, a, b, c)


@asc.jit
def special_basic_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                         tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    cfg = asc.adv.get_special_basic_config(64, 64, 32, 128, 128, 64, 1, 1)
    mm = asc.adv.Matmul(a_type, a_type, c_type, c_type, cfg)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    body(mm, a, b, c)


@asc.jit
def ib_share_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                    workspace: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(a_type, a_type, c_type, c_type, asc.adv.get_ib_share_norm_config(en_unit_flag=False))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    body(mm, a, b, c)


@asc.jit
def special_mdl_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                       tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(a_type, a_type, c_type, c_type, asc.adv.get_special_mdl_config())
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    body(mm, a, b, c)


@asc.jit
def mm_config_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                     workspace: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    cfg = asc.adv.get_mm_config(asc.MatmulConfigMode.CONFIG_MDL)
    mm = asc.adv.Matmul(a_type, a_type, c_type, c_type, cfg)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    body(mm, a, b, c)


def launch():
    tiling = asc.adv.TCubeTiling(used_core_num=1, m=128, k_a=64, k_b=64, n=128, base_m=64, base_k=32, base_n=64,
                                 single_core_m=128, single_core_k=64, single_core_n=128, depth_a1=1, depth_b1=1,
                                 step_m=1, step_n=1, is_bias=1, share_mode=0, share_ub_size=0, share_l1_size=0,
                                 share_l0c_size=0)
    args = (np.zeros(8192, np.float16), np.zeros(8192, np.float16), np.zeros(16384, np.float32), tiling,
            np.zeros(1024, np.uint8))
    normal_kernel[1](*args)
    mdl_kernel[1](*args)
    basic_kernel[1](*args)
    special_basic_kernel[1](*args)
    ib_share_kernel[1](*args)
    special_mdl_kernel[1](*args)
    mm_config_kernel[1](*args)
