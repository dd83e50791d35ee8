"""Fused layer normalization (the article's example): mean, variance, normalize, scale and shift in one kernel.

For each row of HIDDEN values: y = (x - mean) / sqrt(var + eps) * gamma + beta.  `eps` arrives as a Python float
at launch; gamma and beta are shared by all rows.
"""

import pyasc as asc

HIDDEN = 512
ROWS_PER_CORE = 8


@asc.jit
def fused_layernorm(x: asc.GlobalAddress, gamma: asc.GlobalAddress, beta: asc.GlobalAddress,
                    y: asc.GlobalAddress, eps: float) -> None:
    offset = asc.get_block_idx() * ROWS_PER_CORE * HIDDEN
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    gamma_gm = asc.GlobalTensor()
    beta_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, ROWS_PER_CORE * HIDDEN)
    y_gm.set_global_buffer(y + offset, ROWS_PER_CORE * HIDDEN)
    gamma_gm.set_global_buffer(gamma, HIDDEN)
    beta_gm.set_global_buffer(beta, HIDDEN)

    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 2)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 2)
    param_queue = asc.TQue(asc.TPosition.VECIN, 1)
    calc_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_queue, 2, HIDDEN * 4)
    pipe.init_buffer(out_queue, 2, HIDDEN * 4)
    pipe.init_buffer(param_queue, 1, HIDDEN * 4 * 2)
    pipe.init_buffer(calc_buf, HIDDEN * 4 * 2)

    params = param_queue.alloc_tensor(asc.float32)
    asc.data_copy(params, gamma_gm, HIDDEN)
    asc.data_copy(params[HIDDEN:], beta_gm, HIDDEN)
    param_queue.enque(params)
    params = param_queue.deque(asc.float32)

    for row in range(ROWS_PER_CORE):
        x_local = in_queue.alloc_tensor(asc.float32)
        asc.data_copy(x_local, x_gm[row * HIDDEN:], HIDDEN)
        in_queue.enque(x_local)
        x_local = in_queue.deque(asc.float32)

        calc = calc_buf.get(asc.float32)
        y_local = out_queue.alloc_tensor(asc.float32)
        asc.reduce_sum(calc, x_local, calc[HIDDEN:], HIDDEN)
        mean = calc.get_value(0) / HIDDEN
        asc.adds(y_local, x_local, 0.0 - mean, HIDDEN)
        asc.mul(calc[HIDDEN:], y_local, y_local, HIDDEN)
        asc.reduce_sum(calc, calc[HIDDEN:], calc[HIDDEN:], HIDDEN)
        variance = calc.get_value(0) / HIDDEN
        asc.duplicate(calc, variance + eps, HIDDEN)
        asc.sqrt(calc, calc, HIDDEN)
        asc.div(y_local, y_local, calc, HIDDEN)
        asc.mul(y_local, y_local, params, HIDDEN)
        asc.add(y_local, y_local, params[HIDDEN:], HIDDEN)
        in_queue.free_tensor(x_local)

        out_queue.enque(y_local)
        y_local = out_queue.deque(asc.float32)
        asc.data_copy(y_gm[row * HIDDEN:], y_local, HIDDEN)
        out_queue.free_tensor(y_local)
    param_queue.free_tensor(params)
