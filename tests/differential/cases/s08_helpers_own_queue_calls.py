"""insert_sync=True on a kernel whose helpers allocate, enqueue and dequeue its queues by hand."""

import asc
import numpy as np

N = 128


@asc.jit
def copy_in(q: asc.TQue, x_gm: asc.GlobalTensor) -> None:
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, N)
    q.enque(t)


@asc.jit
def compute(q: asc.TQue, q_out: asc.TQue) -> None:
    t = q.deque(asc.float32)
    o = q_out.alloc_tensor(asc.float32)
    asc.muls(o, t, 2.0, N)
    q_out.enque(o)
    q.free_tensor(t)


@asc.jit
def copy_out(q_out: asc.TQue, z_gm: asc.GlobalTensor) -> None:
    o = q_out.deque(asc.float32)
    asc.data_copy(z_gm, o, N)
    q_out.free_tensor(o)


@asc.jit(insert_sync=True)
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, N * 4)
    pipe.init_buffer(q_out, 1, N * 4)
    copy_in(q, x_gm)
    compute(q, q_out)
    copy_out(q_out, z_gm)


def launch():
    x = np.arange(N, dtype=np.float32)
    kernel[1](x, np.zeros_like(x))
