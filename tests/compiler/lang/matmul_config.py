"""Point 6 (continued): the Matmul configuration and the asynchronous and batched forms.

A MatmulConfig is a compile-time record (a `constexpr static` object that the Matmul type names); the get_*_config
helpers build the record CANN's pyasc builds; sync=False becomes the template argument of the call, and its wait_*
call follows."""

import asc

BLOCK_M = 64
BLOCK_N = 64


@asc.jit
def gemm_configured(x: asc.GlobalAddress, w: asc.GlobalAddress, out: asc.GlobalAddress,
                    tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    w_gm = asc.GlobalTensor()
    w_gm.set_global_buffer(w)
    out_gm = asc.GlobalTensor()
    out_gm.set_global_buffer(out)
    pipe = asc.TPipe()
    half_nd = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    float_nd = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    only_iterate_all = asc.adv.MatmulConfig(iterate_mode=asc.IterateMode.ITERATE_MODE_ALL, enable_set_tail=False)
    mm = asc.adv.Matmul(half_nd, half_nd, float_nd, matmul_config=only_iterate_all)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(x_gm)
    mm.set_tensor_b(w_gm, transpose=True)
    mm.iterate_all(out_gm, sync=False, wait_iterate_all=True)
    mm.wait_iterate_all()
    mm.end()


@asc.jit
def gemm_presets(x: asc.GlobalAddress, w: asc.GlobalAddress, out: asc.GlobalAddress,
                 tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    w_gm = asc.GlobalTensor()
    w_gm.set_global_buffer(w)
    out_gm = asc.GlobalTensor()
    out_gm.set_global_buffer(out)
    pipe = asc.TPipe()
    half_nd = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    float_nd = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mdl = asc.adv.get_mdl_config(do_mte2_preload=1)
    by_rows = asc.adv.Matmul(half_nd, half_nd, float_nd, matmul_config=mdl)
    by_cols = asc.adv.Matmul(half_nd, half_nd, float_nd, float_nd,
                             matmul_config=asc.adv.get_normal_config(iterate_order=asc.IterateOrder.ORDER_N))
    shape = asc.adv.MatmulShapeParams(BLOCK_M, BLOCK_N, 128, BLOCK_M, BLOCK_N, 64)
    features = asc.adv.MatmulFuncParams(enable_reuse=False)
    fixed = asc.adv.get_mm_config(asc.MatmulConfigMode.CONFIG_NORM, shape, features)
    fixed_shape = asc.adv.Matmul(half_nd, half_nd, float_nd, matmul_config=fixed)
    static_tiling = asc.adv.get_matmul_api_tiling(fixed, half_nd, half_nd, float_nd, float_nd, 524288)
    asc.adv.register_matmul(pipe, workspace, by_rows, tiling)
    by_rows.set_tensor_a(x_gm)
    by_rows.set_tensor_b(w_gm)
    with by_rows.iterate(sync=False) as count:
        by_rows.get_tensor_c(out_gm, sync=False)
        asc.printf("block %d of base_m %d\n", count, static_tiling.base_m)
    by_rows.wait_get_tensor_c()
    by_rows.end()
    by_cols.end()
    fixed_shape.end()


@asc.jit
def batched(x: asc.GlobalAddress, w: asc.GlobalAddress, out: asc.GlobalAddress,
            tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    w_gm = asc.GlobalTensor()
    w_gm.set_global_buffer(w)
    out_gm = asc.GlobalTensor()
    out_gm.set_global_buffer(out)
    pipe = asc.TPipe()
    left = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, layout=asc.LayoutMode.BSNGD)
    right = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, True, asc.LayoutMode.BSNGD)
    result = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, layout=asc.LayoutMode.BSNGD)
    mm = asc.adv.Matmul(left, right, result, matmul_config=asc.adv.get_normal_config(batch_loop=True))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(x_gm)
    mm.set_tensor_b(w_gm, True)
    mm.iterate_batch(out_gm, 2, 2, False)
    mm.iterate_batch(out_gm, 2, 2, False, matrix_stride_c=BLOCK_N, sync=False, wait_iterate_batch=True)
    mm.wait_iterate_batch()
    mm.iterate_n_batch(4, 2, 2, False)
    mm.iterate_n_batch(4, 2, 2, False, sync=False)
    first = mm.get_batch_tensor_c(2, 2, sync=False)
    mm.wait_get_tensor_c()
    out_gm.set_value(0, first.get_value(0))
    mm.end()
