"""Row softmax: one row of `cols` float32 per loop iteration, max/exp/sum with basic vector APIs."""

import pyasc as asc

BUFFER_NUM = 2


@asc.jit
def softmax_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, rows_per_core: int, cols: asc.ConstExpr[int]):
    offset = asc.get_block_idx() * rows_per_core * cols
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, rows_per_core * cols)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y + offset, rows_per_core * cols)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_queue = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    tmp_buf = asc.TBuf(asc.TPosition.VECCALC)
    acc_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_queue, BUFFER_NUM, cols * 4)
    pipe.init_buffer(out_queue, BUFFER_NUM, cols * 4)
    pipe.init_buffer(tmp_buf, cols * 4)
    pipe.init_buffer(acc_buf, 64)
    for r in range(rows_per_core):
        x_local = in_queue.alloc_tensor(asc.float32)
        asc.data_copy(x_local, x_gm[r * cols:], cols)
        in_queue.enque(x_local)
        x_local = in_queue.deque(asc.float32)
        tmp = tmp_buf.get(asc.float32)
        acc = acc_buf.get(asc.float32)
        y_local = out_queue.alloc_tensor(asc.float32)
        asc.reduce_max(acc, x_local, tmp, cols, False)
        row_max = acc.get_value(0)
        asc.adds(y_local, x_local, 0.0 - row_max, cols)
        asc.exp(y_local, y_local, cols)
        asc.reduce_sum(acc, y_local, tmp, cols)
        row_sum = acc.get_value(0)
        asc.muls(y_local, y_local, 1.0 / row_sum, cols)
        in_queue.free_tensor(x_local)
        out_queue.enque(y_local)
        y_local = out_queue.deque(asc.float32)
        asc.data_copy(y_gm[r * cols:], y_local, cols)
        out_queue.free_tensor(y_local)
