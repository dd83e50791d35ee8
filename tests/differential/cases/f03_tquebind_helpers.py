"""fwk.TQueBind methods through helper parameters annotated asc.TQueBind that receive TQues: alloc_tensor, enque,
deque and free_tensor, plus the inplace alloc_tensor(tensor) / deque(tensor) forms on depth-0 queues."""

import asc
import numpy as np

N = 512


@asc.jit
def copy_in(q: asc.TQueBind, src: asc.GlobalTensor) -> None:
    t = q.alloc_tensor(asc.float16)
    asc.data_copy(t, src, N)
    q.enque(t)


@asc.jit
def copy_out(q: asc.TQueBind, dst: asc.GlobalTensor) -> None:
    t = q.deque(asc.float16)
    asc.data_copy(dst, t, N)
    q.free_tensor(t)


@asc.jit
def bind_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, N * 2)
    pipe.init_buffer(q_out, 1, N * 2)
    q_in0 = asc.TQue(asc.TPosition.VECIN, 0)
    q_out0 = asc.TQue(asc.TPosition.VECOUT, 0)
    pipe.init_buffer(q_in0, 1, N * 2)
    pipe.init_buffer(q_out0, 1, N * 2)
    copy_in(q_in, x_gm)
    src = q_in.deque(asc.float16)
    dst = q_out.alloc_tensor(asc.float16)
    asc.relu(dst, src, N)
    q_out.enque(dst)
    q_in.free_tensor(src)
    copy_out(q_out, y_gm)
    q_in0.alloc_tensor(src)
    asc.data_copy(src, x_gm, N)
    q_in0.enque(src)
    q_in0.deque(src)
    q_out0.alloc_tensor(dst)
    asc.abs(dst, src, N)
    q_out0.enque(dst)
    q_in0.free_tensor(src)
    q_out0.deque(dst)
    asc.data_copy(y_gm, dst, N)
    q_out0.free_tensor(dst)


def launch():
    x = np.zeros(N, np.float16)
    bind_kernel[1](x, np.zeros_like(x))
