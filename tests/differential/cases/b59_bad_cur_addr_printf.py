"""CANN rejects: printf of LocalMemAllocator.get_cur_addr() (CANN's get_cur_addr returns its IR value
unwrapped, which nothing can take; a known missed error: we print the uint32_t)."""

import asc
import numpy as np

TILE = 512


@asc.jit
def alloc_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    y_gm.set_global_buffer(y, 1024)
    allocator = asc.LocalMemAllocator()
    addr = allocator.get_cur_addr()
    asc.printf("current addr is %u\n", addr)
    tensor1 = allocator.alloc(asc.TPosition.VECIN, asc.float32, 1024)
    tile_length = TILE
    tensor2 = allocator.alloc(asc.TPosition.VECOUT, asc.float32, tile_length * 2)
    tensor3 = allocator.alloc(pos=asc.TPosition.VECCALC, data_type=asc.float16, tile_size=TILE)
    after = allocator.get_cur_addr()
    asc.data_copy(tensor1, x_gm, 1024)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(tensor2, tensor1, 2.0, 1024)
    asc.cast(tensor3, tensor2, asc.RoundMode.CAST_NONE, TILE)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, tensor2, 1024)
    asc.printf("after %u\n", after)


def launch():
    x = np.ones(1024, np.float32)
    alloc_kernel[1](x, np.zeros_like(x))
