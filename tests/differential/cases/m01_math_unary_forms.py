"""adv math, unary: acos, asin, atan, cos, sin, tan, tanh, erf, erfc, sign, frac, trunc on the whole tensor, with a
count (positional and keyword), with a uint8 temp_buffer, and with is_reuse_source."""

import asc
import numpy as np

N = 512


@asc.jit
def unary_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
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
    pipe.init_buffer(que=tmp_q, num=1, len=8192)
    src = q_in.alloc_tensor(asc.float32)
    asc.data_copy(src, x_gm, N)
    q_in.enque(src)
    src = q_in.deque(asc.float32)
    dst = q_out.alloc_tensor(asc.float32)
    tmp = tmp_q.alloc_tensor(asc.uint8)
    asc.adv.acos(dst, src)
    asc.adv.asin(dst, src, N)
    asc.adv.atan(dst, src, count=256)
    asc.adv.cos(dst, src, N, tmp)
    asc.adv.sin(dst, src, count=N, temp_buffer=tmp)
    asc.adv.tan(dst, src, temp_buffer=tmp)
    asc.adv.tanh(dst, src, N, tmp, False)
    asc.adv.erf(dst, src, N, is_reuse_source=True)
    asc.adv.erfc(dst, src, count=128)
    asc.adv.sign(dst, src, N)
    asc.adv.frac(dst, src)
    asc.adv.trunc(dst, src, N, temp_buffer=tmp)
    q_out.enque(dst)
    tmp_q.free_tensor(tmp)
    q_in.free_tensor(src)
    dst = q_out.deque(asc.float32)
    asc.data_copy(y_gm, dst, N)
    q_out.free_tensor(dst)


def launch():
    x = np.zeros(N, np.float32)
    unary_kernel[1](x, np.zeros_like(x))
