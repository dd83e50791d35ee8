"""A linear layer on the cube unit: y = x @ w.T + b, float16 in, float32 out.

x is [M, K], the weights w are stored as a linear layer keeps them, [N, K] (so B is transposed), and b is [N]. The
host tiling (pyasc.host) cuts y into single-core blocks; each core multiplies its rows of x by its rows of w with the
Matmul object, adds its part of the bias, and writes its block of y. Blocks on the bottom and right edges are
smaller: set_tail gives their shape.
"""

import pyasc as asc


@asc.jit(matmul_cube_only=True)
def linear(x: asc.GlobalAddress, w: asc.GlobalAddress, y: asc.GlobalAddress, b: asc.GlobalAddress,
           tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress) -> None:
    x_off, w_off, y_off, b_off, rows, cols = block_of(tiling)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + x_off)
    w_gm = asc.GlobalTensor()
    w_gm.set_global_buffer(w + w_off)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y + y_off)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b + b_off)
    pipe = asc.TPipe()
    halves = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    weights = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, True)
    floats = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    layer = asc.adv.Matmul(a=halves, b=weights, c=floats, bias=floats)
    asc.adv.register_matmul(pipe, workspace, layer, tiling)
    if asc.get_block_idx() < tiling.used_core_num:
        layer.set_tensor_a(x_gm)
        layer.set_tensor_b(w_gm, True)
        layer.set_bias(b_gm)
        layer.set_tail(rows, cols, tiling.k_a)
        layer.iterate_all(y_gm)
        layer.end()


@asc.jit
def block_of(tiling: asc.adv.TCubeTiling) -> tuple[int, int, int, int, int, int]:
    """This core's block: element offsets into x, w, y and b, and its shape (smaller on the edges)."""
    blocks_down = tiling.m.ceildiv(tiling.single_core_m)
    row = asc.get_block_idx() % blocks_down
    col = asc.get_block_idx() // blocks_down
    first_row = row * tiling.single_core_m
    first_col = col * tiling.single_core_n
    rows = tiling.m - first_row
    if rows > tiling.single_core_m:
        rows = tiling.single_core_m
    cols = tiling.n - first_col
    if cols > tiling.single_core_n:
        cols = tiling.single_core_n
    return first_row * tiling.k_a, first_col * tiling.k_b, first_row * tiling.n + first_col, first_col, rows, cols
