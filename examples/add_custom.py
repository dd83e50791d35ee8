"""Vector add with TPipe and TQue: the queues synchronize the copy-in, compute and copy-out stages."""

import pyasc as asc

BUFFER_NUM = 2
TILE_LENGTH = 128


@asc.jit
def add_custom(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress,
               block_length: int) -> None:
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)

    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_queue_y = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_queue_z = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    pipe.init_buffer(in_queue_x, BUFFER_NUM, TILE_LENGTH * 2)
    pipe.init_buffer(in_queue_y, BUFFER_NUM, TILE_LENGTH * 2)
    pipe.init_buffer(out_queue_z, BUFFER_NUM, TILE_LENGTH * 2)

    loop_count = block_length // TILE_LENGTH
    for i in range(loop_count):
        x_local = in_queue_x.alloc_tensor(asc.float16)
        y_local = in_queue_y.alloc_tensor(asc.float16)
        asc.data_copy(x_local, x_gm[i * TILE_LENGTH:], TILE_LENGTH)
        asc.data_copy(y_local, y_gm[i * TILE_LENGTH:], TILE_LENGTH)
        in_queue_x.enque(x_local)
        in_queue_y.enque(y_local)

        x_local = in_queue_x.deque(asc.float16)
        y_local = in_queue_y.deque(asc.float16)
        z_local = out_queue_z.alloc_tensor(asc.float16)
        asc.add(z_local, x_local, y_local, TILE_LENGTH)
        out_queue_z.enque(z_local)
        in_queue_x.free_tensor(x_local)
        in_queue_y.free_tensor(y_local)

        z_local = out_queue_z.deque(asc.float16)
        asc.data_copy(z_gm[i * TILE_LENGTH:], z_local, TILE_LENGTH)
        out_queue_z.free_tensor(z_local)
