"""The kernel the article's `fused_layernorm` launches: `Kernel("fused_layernorm_kernel")`, `tiling = [32, 1,
dim_size, 1]` and `set_attr("eps", eps)`.

    tiling[0]  block dim: cores (32)
    tiling[1]  rows_per_core: rows each core normalizes (1)
    tiling[2]  dim_size: elements per row (at most MAX_DIM, a multiple of 64)
    tiling[3]  affine: 1 scales by gamma and shifts by beta, 0 leaves the normalized rows as they are
    eps        bound by name with set_attr

For each row: y = (x - mean) / sqrt(var + eps) * gamma + beta.
"""

import pyasc as asc

MAX_DIM = 4096


@asc.jit
def fused_layernorm_kernel(x: asc.GlobalAddress, gamma: asc.GlobalAddress, beta: asc.GlobalAddress,
                           y: asc.GlobalAddress, eps: float, rows_per_core: int, dim_size: int,
                           affine: int) -> None:
    offset = asc.get_block_idx() * rows_per_core * dim_size
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    gamma_gm = asc.GlobalTensor()
    beta_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, rows_per_core * dim_size)
    y_gm.set_global_buffer(y + offset, rows_per_core * dim_size)
    gamma_gm.set_global_buffer(gamma, dim_size)
    beta_gm.set_global_buffer(beta, dim_size)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 2)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 2)
    param_queue = asc.TQue(asc.TPosition.VECIN, 1)
    calc_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_queue, 2, MAX_DIM * 4)
    pipe.init_buffer(out_queue, 2, MAX_DIM * 4)
    pipe.init_buffer(param_queue, 1, MAX_DIM * 4 * 2)
    pipe.init_buffer(calc_buf, MAX_DIM * 4 * 2)
    params = param_queue.alloc_tensor(asc.float32)
    asc.data_copy(params, gamma_gm, dim_size)
    asc.data_copy(params[dim_size:], beta_gm, dim_size)
    param_queue.enque(params)
    params = param_queue.deque(asc.float32)
    for row in range(rows_per_core):
        x_local = in_queue.alloc_tensor(asc.float32)
        asc.data_copy(x_local, x_gm[row * dim_size:], dim_size)
        in_queue.enque(x_local)
        x_local = in_queue.deque(asc.float32)
        calc = calc_buf.get(asc.float32)
        y_local = out_queue.alloc_tensor(asc.float32)
        asc.reduce_sum(calc, x_local, calc[dim_size:], dim_size)
        mean = calc.get_value(0) / dim_size
        asc.adds(y_local, x_local, 0.0 - mean, dim_size)
        asc.mul(calc[dim_size:], y_local, y_local, dim_size)
        asc.reduce_sum(calc, calc[dim_size:], calc[dim_size:], dim_size)
        variance = calc.get_value(0) / dim_size
        asc.duplicate(calc, variance + eps, dim_size)
        asc.sqrt(calc, calc, dim_size)
        asc.div(y_local, y_local, calc, dim_size)
        if affine != 0:
            asc.mul(y_local, y_local, params, dim_size)
            asc.add(y_local, y_local, params[dim_size:], dim_size)
        out_queue.enque(y_local)
        in_queue.free_tensor(x_local)
        y_local = out_queue.deque(asc.float32)
        asc.data_copy(y_gm[row * dim_size:], y_local, dim_size)
        out_queue.free_tensor(y_local)
    param_queue.free_tensor(params)
