"""Point 6: the Matmul object: operand types (bias included), registration with and without a tiling, the
whole-matrix form (iterate_all) and the block-by-block form (iterate + get_tensor_c)."""

import asc

ROWS = 64
COLS = 32
DEPTH = 128


@asc.jit(matmul_cube_only=True)
def gemm_bias(x: asc.GlobalAddress, w: asc.GlobalAddress, out: asc.GlobalAddress, b: asc.GlobalAddress,
              tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    w_gm = asc.GlobalTensor()
    w_gm.set_global_buffer(w)
    out_gm = asc.GlobalTensor()
    out_gm.set_global_buffer(out)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b)
    pipe = asc.TPipe()
    left = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, x_gm.dtype)
    right = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, w_gm.dtype, True)
    mm = asc.adv.Matmul(a=left, b=right,
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, out_gm.dtype),
                        bias=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, b_gm.dtype))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_org_shape(ROWS, COLS, DEPTH)
    mm.set_single_shape(ROWS, COLS, DEPTH)
    mm.set_tensor_a(x_gm)
    mm.set_tensor_b(w_gm, True)
    if tiling.is_bias:
        mm.set_bias(b_gm)
    else:
        mm.disable_bias()
    mm.set_tail(ROWS, COLS)
    mm.iterate_all(out_gm)
    mm.end()


@asc.jit
def gemm_blocks(x: asc.GlobalAddress, w: asc.GlobalAddress, out: asc.GlobalAddress,
                tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    w_gm = asc.GlobalTensor()
    w_gm.set_global_buffer(w)
    out_gm = asc.GlobalTensor()
    out_gm.set_global_buffer(out)
    pipe = asc.TPipe()
    operand = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, x_gm.dtype)
    mm = asc.adv.Matmul(operand, operand, asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, out_gm.dtype))
    asc.adv.register_matmul(pipe, workspace, mm)
    mm.init(tiling)
    mm.set_workspace(workspace, 1024)
    mm.set_tensor_a(x_gm)
    mm.set_tensor_b(w_gm)
    with mm.iterate() as count:
        mm.get_tensor_c(out_gm)
        asc.printf("block %d\n", count)
    mm.end()
