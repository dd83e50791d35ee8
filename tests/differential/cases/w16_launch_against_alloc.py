"""Launch dtypes: the kernel's own code makes its tensors float16 (alloc_tensor(asc.float16)); the launch passes
float32 arrays, so data_copy() joins a float32 Global Memory tensor with a float16 local one.  CANN's tracer
accepts it and writes DataCopy(LocalTensor<half>, GlobalTensor<float>), which the real headers reject."""

import asc
import numpy as np

LENGTH = 1024


@asc.jit
def half_copy(src: asc.GlobalAddress, dst: asc.GlobalAddress) -> None:
    src_gm = asc.GlobalTensor()
    src_gm.set_global_buffer(src, LENGTH)
    dst_gm = asc.GlobalTensor()
    dst_gm.set_global_buffer(dst, LENGTH)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que, 1, LENGTH * 2)
    tile = que.alloc_tensor(asc.float16)
    asc.data_copy(tile, src_gm, LENGTH)
    asc.muls(tile, tile, 2.0, LENGTH)
    asc.data_copy(dst_gm, tile, LENGTH)
    que.free_tensor(tile)


def launch():
    half_copy[1](np.ones(LENGTH, np.float32), np.zeros(LENGTH, np.float32))
