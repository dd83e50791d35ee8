"""asc.adv.swiglu (AscendC::SwiGLU) is not bound by CANN's pyasc 1.1.1: its tracer finds no such name in asc.adv,
where we know it by rule from the Ascend C header (an error with cann_version 1.1.1)."""

import asc
import numpy as np

N = 256


@asc.jit
def swiglu_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, out: asc.GlobalAddress) -> None:
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    o_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, N)
    b_gm.set_global_buffer(b, N)
    o_gm.set_global_buffer(out, N)
    pipe = asc.TPipe()
    q_a = asc.TQue(asc.TPosition.VECIN, 1)
    q_b = asc.TQue(asc.TPosition.VECIN, 1)
    q_o = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_a, 1, N * 4)
    pipe.init_buffer(q_b, 1, N * 4)
    pipe.init_buffer(q_o, 1, N * 4)
    xa = q_a.alloc_tensor(asc.float32)
    xb = q_b.alloc_tensor(asc.float32)
    asc.data_copy(xa, a_gm, N)
    asc.data_copy(xb, b_gm, N)
    q_a.enque(xa)
    q_b.enque(xb)
    xa = q_a.deque(asc.float32)
    xb = q_b.deque(asc.float32)
    yo = q_o.alloc_tensor(asc.float32)
    asc.adv.swiglu(yo, xa, xb, 1.0, N)
    q_o.enque(yo)
    q_a.free_tensor(xa)
    q_b.free_tensor(xb)
    yo = q_o.deque(asc.float32)
    asc.data_copy(o_gm, yo, N)
    q_o.free_tensor(yo)


def launch():
    a = np.zeros(N, np.float32)
    swiglu_kernel[1](a, a.copy(), np.zeros_like(a))
