"""Scaled add, z = x + alpha * y, with the host code that launches it (the seed's host API)."""

import pyasc as asc
from pyasc import Kernel, Stream, Tensor

CORES = 8
TILE = 128


@asc.jit
def scaled_add(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, alpha: float,
               block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 2)
    q_out = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(q_in, 2, TILE * 4)
    pipe.init_buffer(q_out, 2, TILE * 4)
    for i in range(block_length // TILE):
        xt = q_in.alloc_tensor(asc.float32)
        yt = q_in.alloc_tensor(asc.float32)
        asc.data_copy(xt, x_gm[i * TILE:], TILE)
        asc.data_copy(yt, y_gm[i * TILE:], TILE)
        q_in.enque(xt)
        q_in.enque(yt)
        xt = q_in.deque(asc.float32)
        yt = q_in.deque(asc.float32)
        zt = q_out.alloc_tensor(asc.float32)
        asc.muls(yt, yt, alpha, TILE)
        asc.add(zt, xt, yt, TILE)
        q_out.enque(zt)
        q_in.free_tensor(xt)
        q_in.free_tensor(yt)
        zt = q_out.deque(asc.float32)
        asc.data_copy(z_gm[i * TILE:], zt, TILE)
        q_out.free_tensor(zt)


def launch(x: Tensor, y: Tensor, z: Tensor, alpha: float):
    kernel = Kernel(scaled_add)
    kernel.set_tiling([CORES, x.size // CORES])
    kernel.set_input(0, x)
    kernel.set_input(1, y)
    kernel.set_output(0, z)
    kernel.set_attr("alpha", alpha)
    stream = Stream()
    stream.launch(kernel)
    stream.synchronize()
