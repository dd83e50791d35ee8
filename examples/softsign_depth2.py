"""Softsign, y = x / (1 + |x|), double buffered: queues of depth 2 let the copy-in, compute and copy-out of
neighbouring tiles overlap (the twin of softsign_depth1.py)."""

import pyasc as asc

BUFFER_NUM = 2
TILE_LENGTH = 1024


@asc.jit
def softsign_depth2(x: asc.GlobalAddress, y: asc.GlobalAddress, block_length: int) -> None:
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)

    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_queue_y = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    tmp_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_queue_x, BUFFER_NUM, TILE_LENGTH * 4)
    pipe.init_buffer(out_queue_y, BUFFER_NUM, TILE_LENGTH * 4)
    pipe.init_buffer(tmp_buf, TILE_LENGTH * 4)

    for i in range(block_length // TILE_LENGTH):
        x_local = in_queue_x.alloc_tensor(asc.float32)
        asc.data_copy(x_local, x_gm[i * TILE_LENGTH:], TILE_LENGTH)
        in_queue_x.enque(x_local)

        x_local = in_queue_x.deque(asc.float32)
        y_local = out_queue_y.alloc_tensor(asc.float32)
        den = tmp_buf.get(asc.float32)
        asc.abs(den, x_local, TILE_LENGTH)
        asc.adds(den, den, 1.0, TILE_LENGTH)
        asc.div(y_local, x_local, den, TILE_LENGTH)
        out_queue_y.enque(y_local)
        in_queue_x.free_tensor(x_local)

        y_local = out_queue_y.deque(asc.float32)
        asc.data_copy(y_gm[i * TILE_LENGTH:], y_local, TILE_LENGTH)
        out_queue_y.free_tensor(y_local)
