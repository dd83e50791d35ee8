"""fwk.TBufPool: a pool carved from the pipe (init_buf_pool), two sub-pools sharing memory (the share_buf form),
queues carved from the sub-pools with init_buffer (positional and keyword), and reset between the stages.  The
pools share one buf_id_size: Ascend C's InitBufPool reaches into the nested pool, which must be of its own type."""

import asc
import numpy as np

N = 1024


@asc.jit
def pool_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    pool0 = asc.TBufPool(asc.TPosition.VECCALC, 2)
    pool1 = asc.TBufPool(asc.TPosition.VECCALC, 2)
    pool2 = asc.TBufPool(asc.TPosition.VECCALC, 2)
    q_a = asc.TQue(asc.TPosition.VECIN, 1)
    q_b = asc.TQue(asc.TPosition.VECOUT, 1)
    q_c = asc.TQue(asc.TPosition.VECIN, 1)
    q_d = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buf_pool(pool0, 65536)
    pool0.init_buf_pool(pool1, 32768)
    pool0.init_buf_pool(pool2, 32768, pool1)
    pool1.init_buffer(que=q_a, num=1, len=N * 4)
    pool1.init_buffer(q_b, 1, N * 4)
    a = q_a.alloc_tensor(asc.float32)
    asc.data_copy(a, x_gm, N)
    q_a.enque(a)
    a = q_a.deque(asc.float32)
    b = q_b.alloc_tensor(asc.float32)
    asc.muls(b, a, 3.0, N)
    q_b.enque(b)
    q_a.free_tensor(a)
    b = q_b.deque(asc.float32)
    asc.data_copy(y_gm, b, N)
    q_b.free_tensor(b)
    pool1.reset()
    pool2.init_buffer(q_c, num=1, len=N * 4)
    pool2.init_buffer(que=q_d, num=1, len=N * 4)
    c = q_c.alloc_tensor(asc.float32)
    asc.data_copy(c, y_gm, N)
    q_c.enque(c)
    c = q_c.deque(asc.float32)
    d = q_d.alloc_tensor(asc.float32)
    asc.adds(d, c, 1.0, N)
    q_d.enque(d)
    q_c.free_tensor(c)
    d = q_d.deque(asc.float32)
    asc.data_copy(y_gm, d, N)
    q_d.free_tensor(d)
    pool2.reset()
    pool0.reset()


def launch():
    x = np.zeros(N, np.float32)
    pool_kernel[1](x, np.zeros_like(x))
