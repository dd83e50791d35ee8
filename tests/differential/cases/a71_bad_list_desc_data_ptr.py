"""Rejected by CANN's tracer: a GlobalTensor set up on ListTensorDesc.get_data_ptr(index, dtype) (CANN's result
carries no dtype, and set_global_buffer needs a typed address)."""

import asc
import numpy as np

N = 64


@asc.jit
def list_desc_ptr_kernel(x: asc.GlobalAddress) -> None:
    x_desc = asc.ListTensorDesc(data=x, length=0xffffffff, shape_size=0xffffffff)
    x_ptr = x_desc.get_data_ptr(index=0, dtype=asc.float16)
    in_gm = asc.GlobalTensor()
    in_gm.set_global_buffer(x_ptr, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 2)
    t = buf.get(asc.float16)
    asc.data_copy(t, in_gm, N)


def launch():
    list_desc_ptr_kernel[1](np.ones(N, np.float16))
