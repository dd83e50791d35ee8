"""CANN rejects: set_global_buffer on the address GlobalTensor.get_phy_addr() gives (CANN's address carries no
dtype on the Python side, so set_global_buffer raises)."""

import asc
import numpy as np

N = 256


@asc.jit
def global_kernel(src_gm: asc.GlobalAddress, dst_gm: asc.GlobalAddress, k: int) -> None:
    input_global = asc.GlobalTensor()
    input_global.set_global_buffer(src_gm, N)
    output_global = asc.GlobalTensor()
    output_global.set_global_buffer(dst_gm)
    input_global.set_l2_cache_hint(mode=asc.CacheMode.CACHE_MODE_DISABLE)
    output_global.set_l2_cache_hint()
    input_global.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_NORMAL, asc.CacheRwMode.RW)
    size = input_global.get_size()
    first = input_global.get_value(0)
    other = input_global.get_value(k)
    output_global.set_value(0, first + other)
    output_global.set_value(k, 1.5)
    base = input_global.get_phy_addr()
    shifted = input_global.get_phy_addr(16)
    tail = asc.GlobalTensor()
    tail.set_global_buffer(shifted, size - 16)
    info = asc.ShapeInfo(asc.array(asc.uint32, [16, 16]))
    output_global.set_shape_info(info)
    shape = output_global.get_shape_info()
    out_again = asc.GlobalTensor()
    out_again.set_global_buffer(base, size)
    out_again.set_shape_info(shape)
    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(in_queue_x, 1, N * 4)
    input_local = in_queue_x.alloc_tensor(asc.float32)
    asc.data_copy(input_local, tail, 128)
    in_queue_x.free_tensor(input_local)


def launch():
    x = np.ones(N, np.float32)
    global_kernel[1](x, np.zeros_like(x), 3)
