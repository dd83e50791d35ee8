"""Point 13: insert_sync=True on a kernel with its own queues and flags: CANN drops the flags and orders the pipes."""

import asc
import numpy as np

N = 128


@asc.jit(insert_sync=True)
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    tmp_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(q_in, 1, N * 4)
    pipe.init_buffer(q_out, 1, N * 4)
    pipe.init_buffer(tmp_buf, N * 4)
    tmp = tmp_buf.get(asc.float32)
    a = q_in.alloc_tensor(asc.float32)
    asc.data_copy(a, x_gm, N)
    q_in.enque(a)
    b = q_in.deque(asc.float32)
    asc.exp(tmp, b, N)
    asc.set_flag(asc.HardEvent.V_S, 0)
    asc.wait_flag(asc.HardEvent.V_S, 0)
    c = q_out.alloc_tensor(asc.float32)
    asc.adds(c, tmp, 1.0, N)
    asc.adds(tmp[64:], c, 1.0, 64)
    q_out.enque(c)
    q_in.free_tensor(b)
    d = q_out.deque(asc.float32)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(y_gm[0:], d, N)
    q_out.free_tensor(d)


def launch():
    x = np.zeros(N, np.float32)
    kernel[1](x, np.zeros_like(x))
