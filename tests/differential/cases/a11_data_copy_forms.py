"""data_copy in its count, DataCopyParams (positional and keyword) and DataCopyParams + DataCopyEnhancedParams
forms, in the three directions (GM->UB, UB->UB, UB->GM), on float16 and int8 data."""

import asc
import numpy as np

N = 512


@asc.jit
def data_copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    in_q = asc.TQue(asc.TPosition.VECIN, 1)
    out_q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(in_q, 1, N * 2)
    pipe.init_buffer(out_q, 1, N * 2)
    a = in_q.alloc_tensor(asc.float16)
    asc.data_copy(a, x_gm, N)
    asc.data_copy(a, x_gm, asc.DataCopyParams(1, N * 2 // 32, 0, 0))
    params = asc.DataCopyParams(block_count=2, block_len=N // 32, src_stride=0, dst_stride=0)
    asc.data_copy(a, x_gm, repeat_params=params)
    in_q.enque(a)
    b = in_q.deque(asc.float16)
    c = out_q.alloc_tensor(asc.float16)
    asc.data_copy(c, b, count=N)
    asc.data_copy(c, b, params)
    enhanced = asc.DataCopyEnhancedParams()
    asc.data_copy(c, b, params, enhanced)
    out_q.enque(c)
    in_q.free_tensor(b)
    d = out_q.deque(asc.float16)
    asc.data_copy(z_gm, d, N)
    asc.data_copy(z_gm, d, repeat_params=asc.DataCopyParams(1, N * 2 // 32, 0, 0))
    asc.data_copy(z_gm, d, asc.DataCopyParams(1, 16, 0, 0), asc.DataCopyEnhancedParams())
    out_q.free_tensor(d)


def launch():
    x = np.ones(N, np.float16)
    data_copy_kernel[1](x, np.zeros_like(x))
