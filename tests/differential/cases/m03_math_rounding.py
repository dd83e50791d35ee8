"""adv math rounding and gamma: ceil, floor, round, lgamma, digamma with a count (positional and keyword) and a
temp buffer."""

import asc
import numpy as np

N = 256


@asc.jit
def round_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    tmp_q = asc.TQue(asc.TPosition.VECCALC, 1)
    pipe.init_buffer(q_in, 1, N * 4)
    pipe.init_buffer(q_out, 1, N * 4)
    pipe.init_buffer(tmp_q, 1, 8192)
    src = q_in.alloc_tensor(asc.float32)
    asc.data_copy(src, x_gm, N)
    q_in.enque(src)
    src = q_in.deque(asc.float32)
    dst = q_out.alloc_tensor(asc.float32)
    tmp = tmp_q.alloc_tensor(asc.uint8)
    asc.adv.ceil(dst, src, N)
    asc.adv.floor(dst, src, count=N, temp_buffer=tmp)
    asc.adv.round(dst, src, N, tmp)
    asc.adv.lgamma(dst, src, count=128)
    asc.adv.digamma(dst, src, N, tmp, False)
    q_out.enque(dst)
    tmp_q.free_tensor(tmp)
    q_in.free_tensor(src)
    dst = q_out.deque(asc.float32)
    asc.data_copy(y_gm, dst, N)
    q_out.free_tensor(dst)


def launch():
    x = np.zeros(N, np.float32)
    round_kernel[1](x, np.zeros_like(x))
