"""Launch dtypes, rejected: fused_mul_add() is floating point only; the launch's int16 arrays make its tensors
int16 (Invalid dst data type)."""

import asc
import numpy as np

COUNT = 256


@asc.jit
def ratio_kernel(num: asc.GlobalAddress, den: asc.GlobalAddress, out: asc.GlobalAddress) -> None:
    num_gm = asc.GlobalTensor()
    num_gm.set_global_buffer(num, COUNT)
    den_gm = asc.GlobalTensor()
    den_gm.set_global_buffer(den, COUNT)
    out_gm = asc.GlobalTensor()
    out_gm.set_global_buffer(out, COUNT)
    pipe = asc.TPipe()
    que_in = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(que_in, 2, COUNT * 4)
    top = que_in.alloc_tensor(num_gm.dtype)
    bottom = que_in.alloc_tensor(den_gm.dtype)
    asc.data_copy(top, num_gm, COUNT)
    asc.data_copy(bottom, den_gm, COUNT)
    asc.fused_mul_add(top, top, bottom, COUNT)
    asc.data_copy(out_gm, top, COUNT)
    que_in.free_tensor(top)
    que_in.free_tensor(bottom)


def launch():
    ones = np.ones(COUNT, dtype=np.int16)
    ratio_kernel[1](ones, ones, np.zeros(COUNT, dtype=np.int16))
