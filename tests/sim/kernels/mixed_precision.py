"""Mixed precision: half inputs cast to float, a fused multiply-add in float, the result cast back to half."""

import pyasc as asc

TILE = 512


@asc.jit
def scale_shift_fp16(x: asc.GlobalAddress, y: asc.GlobalAddress, scale: float, shift: float, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y + offset, block_length)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 2)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 2)
    f32_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_queue, 2, TILE * 2)
    pipe.init_buffer(out_queue, 2, TILE * 2)
    pipe.init_buffer(f32_buf, TILE * 4)
    for i in range(block_length // TILE):
        x_local = in_queue.alloc_tensor(asc.float16)
        asc.data_copy(x_local, x_gm[i * TILE:], TILE)
        in_queue.enque(x_local)
        x_local = in_queue.deque(asc.float16)
        wide = f32_buf.get(asc.float32)
        asc.cast(wide, x_local, asc.RoundMode.CAST_NONE, TILE)
        asc.muls(wide, wide, scale, TILE)
        asc.adds(wide, wide, shift, TILE)
        in_queue.free_tensor(x_local)
        y_local = out_queue.alloc_tensor(asc.float16)
        asc.cast(y_local, wide, asc.RoundMode.CAST_RINT, TILE)
        out_queue.enque(y_local)
        y_local = out_queue.deque(asc.float16)
        asc.data_copy(y_gm[i * TILE:], y_local, TILE)
        out_queue.free_tensor(y_local)
