"""fwk.TPipe.reset / destroy / init: one queue re-initialized for each of two stages (reset between them), then the
pipe destroyed and initialized again as the TPipe.init page describes."""

import asc
import numpy as np

N = 1024


@asc.jit
def stages_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    for _ in range(2):
        pipe.init_buffer(que=que, num=1, len=N * 4)
        t = que.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm, N)
        que.enque(t)
        t = que.deque(asc.float32)
        asc.data_copy(y_gm, t, N)
        que.free_tensor(t)
        pipe.reset()
    pipe.destroy()
    pipe.init()


def launch():
    x = np.zeros(N, np.float32)
    stages_kernel[1](x, np.zeros_like(x))
