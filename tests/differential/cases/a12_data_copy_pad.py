"""data_copy_pad with DataCopyParams + DataCopyPadParams (as on its page, lengths in bytes from dtype.sizeof()) and
with DataCopyExtParams + DataCopyPadExtParams, into and out of the Unified Buffer."""

import asc
import numpy as np

N = 64


@asc.jit
def data_copy_pad_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    src_global = asc.GlobalTensor()
    dst_global = asc.GlobalTensor()
    src_global.set_global_buffer(x, N)
    dst_global.set_global_buffer(z, N)
    pipe = asc.TPipe()
    in_queue_src = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(in_queue_src, 1, N * 2)
    src_local = in_queue_src.alloc_tensor(asc.half)
    copy_params = asc.DataCopyParams(1, 20 * asc.half.sizeof(), 0, 0)
    pad_params = asc.DataCopyPadParams(True, 0, 2, 0)
    asc.data_copy_pad(src_local, src_global, copy_params, pad_params)
    ext = asc.DataCopyExtParams(1, 20 * 2, 0, 0, 0)
    ext_pad = asc.DataCopyPadExtParams(asc.half, True, 0, 12, 0.0)
    asc.data_copy_pad(src_local, src_global, ext, ext_pad)
    in_queue_src.enque(src_local)
    out = in_queue_src.deque(asc.half)
    asc.data_copy_pad(dst_global, out, copy_params)
    asc.data_copy_pad(dst_global, out, data_copy_params=ext)
    in_queue_src.free_tensor(out)


def launch():
    x = np.ones(N, np.float16)
    data_copy_pad_kernel[1](x, np.zeros_like(x))
