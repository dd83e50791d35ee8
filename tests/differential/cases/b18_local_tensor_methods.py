"""LocalTensor methods: get_length, get_size, get_phy_addr (with and without offset), get_position compared with a
TPosition, get_user_tag / set_user_tag (default and given), get_value / set_value in a loop, reinterpret_cast,
set_addr_with_offset, set_buffer_len, set_size, get_shape_info / set_shape_info."""

import asc
import numpy as np

N = 256


@asc.jit
def local_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 1)
    temp_queue = asc.TQue(asc.TPosition.VECCALC, 1)
    pipe.init_buffer(in_queue, 1, N * 4)
    pipe.init_buffer(temp_queue, 1, N * 4)
    input_local = in_queue.alloc_tensor(asc.int32)
    input_local.set_user_tag(10)
    asc.data_copy(input_local, x_gm, N)
    in_queue.enque(input_local)
    input_local = in_queue.deque(asc.int32)
    length = input_local.get_length()
    size = input_local.get_size()
    real_addr = input_local.get_phy_addr()
    later_addr = input_local.get_phy_addr(8)
    tag = input_local.get_user_tag()
    src_pos = input_local.get_position()
    num = 100
    if src_pos == asc.TPosition.VECIN and tag <= 10:
        for i in range(16):
            element = input_local.get_value(i)
            input_local.set_value(i, element + num)
    interpre_tensor = input_local.reinterpret_cast(asc.int16)
    interpre_tensor.set_value(0, size)
    asc.printf("length %u\n", length)
    tmp_buffer = temp_queue.alloc_tensor(asc.float32)
    tmp_buffer.set_user_tag()
    tmp_half_buffer = asc.LocalTensor(asc.float16)
    tmp_half_buffer.set_addr_with_offset(tmp_buffer, 64)
    tmp_buffer.set_buffer_len(512)
    tmp_buffer.set_size(128)
    shape_array = [16, 8]
    tmp_buffer.set_shape_info(asc.ShapeInfo(asc.array(asc.uint32, shape_array)))
    shape_info = tmp_buffer.get_shape_info()
    total = asc.get_shape_size(shape_info)
    asc.duplicate(tmp_buffer, 0.0, total)
    asc.printf("addr %u %u\n", real_addr, later_addr)
    temp_queue.free_tensor(tmp_buffer)
    asc.data_copy(y_gm, input_local, N)
    in_queue.free_tensor(input_local)


def launch():
    x = np.ones(N, np.int32)
    local_kernel[1](x, np.zeros_like(x))
