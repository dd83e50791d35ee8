"""A kernel that calls a jit helper: helpers are plain calls on the simulator."""

import pyasc as asc

TILE = 128


@asc.jit
def relu_tile(dst: asc.LocalTensor, src: asc.LocalTensor, n: int):
    asc.relu(dst, src, n)


@asc.jit
def relu_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y + offset, block_length)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 1)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(in_queue, 1, TILE * 4)
    pipe.init_buffer(out_queue, 1, TILE * 4)
    for i in asc.range(block_length // TILE):
        x_local = in_queue.alloc_tensor(asc.float32)
        asc.data_copy(x_local, x_gm[i * TILE:], TILE)
        in_queue.enque(x_local)
        x_local = in_queue.deque(asc.float32)
        y_local = out_queue.alloc_tensor(asc.float32)
        relu_tile(y_local, x_local, TILE)
        in_queue.free_tensor(x_local)
        out_queue.enque(y_local)
        y_local = out_queue.deque(asc.float32)
        asc.data_copy(y_gm[i * TILE:], y_local, TILE)
        out_queue.free_tensor(y_local)
