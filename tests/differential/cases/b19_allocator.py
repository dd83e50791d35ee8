"""LocalMemAllocator: get_cur_addr before and after alloc (its value unused: CANN's is usable nowhere), alloc with
a literal and with a computed tile size at
several positions and dtypes, the tensors used by vector ops."""

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
    allocator.get_cur_addr()
    tensor1 = allocator.alloc(asc.TPosition.VECIN, asc.float32, 1024)
    tile_length = TILE
    tensor2 = allocator.alloc(asc.TPosition.VECOUT, asc.float32, tile_length * 2)
    tensor3 = allocator.alloc(pos=asc.TPosition.VECCALC, data_type=asc.float16, tile_size=TILE)
    allocator.get_cur_addr()
    asc.data_copy(tensor1, x_gm, 1024)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(tensor2, tensor1, 2.0, 1024)
    asc.cast(tensor3, tensor2, asc.RoundMode.CAST_NONE, TILE)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, tensor2, 1024)


def launch():
    x = np.ones(1024, np.float32)
    alloc_kernel[1](x, np.zeros_like(x))
