"""Launch dtypes: the kernel's own code makes its tensors float16 and the launch's arrays are float16 too
(`torch`-style `.astype` conversions of numpy arrays)."""

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
    src = np.ones(LENGTH).astype(np.float16)
    half_copy[1](src, np.zeros(LENGTH, dtype="float16"))
