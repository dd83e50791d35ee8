"""A loop whose last tile crosses the core's global buffer, in helpers: eight tiles of tile_length (256, a ConstExpr
the launch gives) read x_gm[i * 256:], but set_global_buffer gave it 2000 elements. CANN's tracer accepts it; on the
device the last tile reads Global Memory that is not this core's (PA613, PS101)."""

import asc
import numpy as np

TILE_NUM = 8


@asc.jit
def tiles_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, tile_length: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 2000)
    z_gm.set_global_buffer(z, 2048)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(in_queue, 2, tile_length * 4)
    for i in range(TILE_NUM):
        copy_in(i, x_gm, in_queue, tile_length)
        copy_out(i, z_gm, in_queue, tile_length)


@asc.jit
def copy_in(i: int, x_gm: asc.GlobalTensor, in_queue: asc.TQue, tile_length: asc.ConstExpr[int]) -> None:
    x_local = in_queue.alloc_tensor(asc.float32)
    asc.data_copy(x_local, x_gm[i * tile_length:], tile_length)
    in_queue.enque(x_local)


@asc.jit
def copy_out(i: int, z_gm: asc.GlobalTensor, in_queue: asc.TQue, tile_length: asc.ConstExpr[int]) -> None:
    x_local = in_queue.deque(asc.float32)
    asc.data_copy(z_gm[i * tile_length:], x_local, tile_length)
    in_queue.free_tensor(x_local)


def launch():
    x = np.ones(2048, np.float32)
    z = np.zeros(2048, np.float32)
    tiles_kernel[1](x, z, 256)
