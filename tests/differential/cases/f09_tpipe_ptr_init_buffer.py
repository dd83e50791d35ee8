"""fwk.get_tpipe_ptr: buffers initialized through the pipe pointer (get_tpipe_ptr().init_buffer) with a length from
dtype.sizeof(), positionally and by keyword, and the pipe destroyed at the end."""

import asc
import numpy as np

N = 128


@asc.jit
def ptr_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 2)
    q_out = asc.TQue(asc.TPosition.VECOUT, 2)
    asc.get_tpipe_ptr().init_buffer(q_in, 2, N * asc.half.sizeof())
    asc.get_tpipe_ptr().init_buffer(que=q_out, num=2, len=N * asc.half.sizeof())
    a = q_in.alloc_tensor(asc.half)
    asc.data_copy(a, x_gm, N)
    q_in.enque(a)
    a = q_in.deque(asc.half)
    b = q_out.alloc_tensor(asc.half)
    asc.muls(b, a, 0.5, N)
    q_out.enque(b)
    q_in.free_tensor(a)
    b = q_out.deque(asc.half)
    asc.data_copy(y_gm, b, N)
    q_out.free_tensor(b)
    pipe.destroy()


def launch():
    x = np.zeros(N, np.float16)
    ptr_kernel[1](x, np.zeros_like(x))
