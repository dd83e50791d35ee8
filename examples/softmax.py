"""Row softmax: each core normalizes ROWS_PER_CORE rows of COLS float32 values.

y = exp(x - max(x)) / sum(exp(x - max(x))), with the max and the sum read back as scalars.
"""

import pyasc as asc

COLS = 1024
ROWS_PER_CORE = 4
BUFFER_NUM = 2


@asc.jit
def softmax(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    offset = asc.get_block_idx() * ROWS_PER_CORE * COLS
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, ROWS_PER_CORE * COLS)
    y_gm.set_global_buffer(y + offset, ROWS_PER_CORE * COLS)

    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_queue = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    reduce_buf = asc.TBuf(asc.TPosition.VECCALC)
    work_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_queue, BUFFER_NUM, COLS * 4)
    pipe.init_buffer(out_queue, BUFFER_NUM, COLS * 4)
    pipe.init_buffer(reduce_buf, 32)
    pipe.init_buffer(work_buf, COLS * 4)

    for row in range(ROWS_PER_CORE):
        x_local = in_queue.alloc_tensor(asc.float32)
        asc.data_copy(x_local, x_gm[row * COLS:], COLS)
        in_queue.enque(x_local)
        x_local = in_queue.deque(asc.float32)

        y_local = out_queue.alloc_tensor(asc.float32)
        reduced = reduce_buf.get(asc.float32)
        work = work_buf.get(asc.float32)
        asc.reduce_max(reduced, x_local, work, COLS)
        row_max = reduced.get_value(0)
        asc.adds(y_local, x_local, 0.0 - row_max, COLS)
        asc.exp(y_local, y_local, COLS)
        asc.reduce_sum(reduced, y_local, work, COLS)
        row_sum = reduced.get_value(0)
        asc.muls(y_local, y_local, 1.0 / row_sum, COLS)
        in_queue.free_tensor(x_local)

        out_queue.enque(y_local)
        y_local = out_queue.deque(asc.float32)
        asc.data_copy(y_gm[row * COLS:], y_local, COLS)
        out_queue.free_tensor(y_local)
