"""LayerNorm over rows: (x - mean) / sqrt(var + eps) * gamma + beta, float32, gamma/beta loaded once per core."""

import pyasc as asc


@asc.jit
def layernorm_kernel(x: asc.GlobalAddress, gamma: asc.GlobalAddress, beta: asc.GlobalAddress, y: asc.GlobalAddress,
                     rows_per_core: int, cols: int, eps: float):
    offset = asc.get_block_idx() * rows_per_core * cols
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, rows_per_core * cols)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y + offset, rows_per_core * cols)
    g_gm = asc.GlobalTensor()
    g_gm.set_global_buffer(gamma, cols)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(beta, cols)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 1)
    param_queue = asc.TQue(asc.TPosition.VECIN, 2)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 1)
    tmp_buf = asc.TBuf(asc.TPosition.VECCALC)
    acc_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_queue, 1, cols * 4)
    pipe.init_buffer(param_queue, 2, cols * 4)
    pipe.init_buffer(out_queue, 1, cols * 4)
    pipe.init_buffer(tmp_buf, cols * 4)
    pipe.init_buffer(acc_buf, 64)
    g_local = param_queue.alloc_tensor(asc.float32)
    b_local = param_queue.alloc_tensor(asc.float32)
    asc.data_copy(g_local, g_gm, cols)
    asc.data_copy(b_local, b_gm, cols)
    param_queue.enque(g_local)
    param_queue.enque(b_local)
    g_local = param_queue.deque(asc.float32)
    b_local = param_queue.deque(asc.float32)
    tmp = tmp_buf.get(asc.float32)
    acc = acc_buf.get(asc.float32)
    for r in range(rows_per_core):
        x_local = in_queue.alloc_tensor(asc.float32)
        asc.data_copy(x_local, x_gm[r * cols:], cols)
        in_queue.enque(x_local)
        x_local = in_queue.deque(asc.float32)
        y_local = out_queue.alloc_tensor(asc.float32)
        asc.reduce_sum(acc, x_local, tmp, cols)
        mean = acc.get_value(0) / cols
        asc.adds(y_local, x_local, 0.0 - mean, cols)
        asc.mul(tmp, y_local, y_local, cols)
        asc.reduce_sum(acc, tmp, tmp, cols)
        rstd = 1.0 / (acc.get_value(0) / cols + eps) ** 0.5
        asc.muls(y_local, y_local, rstd, cols)
        asc.mul(y_local, y_local, g_local, cols)
        asc.add(y_local, y_local, b_local, cols)
        in_queue.free_tensor(x_local)
        out_queue.enque(y_local)
        y_local = out_queue.deque(asc.float32)
        asc.data_copy(y_gm[r * cols:], y_local, cols)
        out_queue.free_tensor(y_local)
    param_queue.free_tensor(g_local)
    param_queue.free_tensor(b_local)
