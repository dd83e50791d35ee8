"""adv math on half: acosh, asinh, atanh, cosh, sinh, log, exp (taylor_expand_level positional and keyword), with a
temp buffer taken from a TBuf."""

import asc
import numpy as np

N = 256


@asc.jit
def hyper_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    scratch = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(q_in, 1, N * 2)
    pipe.init_buffer(q_out, 1, N * 2)
    pipe.init_buffer(scratch, 4096)
    src = q_in.alloc_tensor(asc.float16)
    asc.data_copy(src, x_gm, N)
    q_in.enque(src)
    src = q_in.deque(asc.float16)
    dst = q_out.alloc_tensor(asc.float16)
    tmp = scratch.get(asc.uint8)
    asc.adv.acosh(dst, src, N)
    asc.adv.asinh(dst, src, N, tmp)
    asc.adv.atanh(dst, src)
    asc.adv.cosh(dst, src, count=N)
    asc.adv.sinh(dst, src, N, temp_buffer=tmp)
    asc.adv.log(dst, src, N)
    asc.adv.exp(dst, src, N, 0)
    asc.adv.exp(dst, src, count=128, taylor_expand_level=4, temp_buffer=tmp)
    q_out.enque(dst)
    q_in.free_tensor(src)
    dst = q_out.deque(asc.float16)
    asc.data_copy(y_gm, dst, N)
    q_out.free_tensor(dst)


def launch():
    x = np.zeros(N, np.float16)
    hyper_kernel[1](x, np.zeros_like(x))
