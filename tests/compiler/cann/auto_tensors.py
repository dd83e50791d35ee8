"""LocalTensorAuto: buffers and pipe order made by the compiler (int and list shapes, a loop, a reuse)."""

import asc

BLOCK = 128


@asc.jit(insert_sync=True)
def shifted_relu(src: asc.GlobalAddress, dst: asc.GlobalAddress):
    src_gm = asc.GlobalTensor()
    dst_gm = asc.GlobalTensor()
    src_gm.set_global_buffer(src, BLOCK * 4)
    dst_gm.set_global_buffer(dst, BLOCK * 4)
    staged = asc.LocalTensorAuto(asc.float16, BLOCK)
    result = asc.LocalTensorAuto(asc.float16, [2, BLOCK // 2])
    for i in range(4):
        asc.data_copy(staged, src_gm[i * BLOCK:], BLOCK)
        asc.adds(staged, staged, 1.0, BLOCK)
        asc.relu(result, staged, BLOCK)
        asc.data_copy(dst_gm[i * BLOCK:], result, BLOCK)
