"""select with src1, sel_mode, mask, repeat_times and repeat_params all by keyword: CANN's select takes two
positional arguments plus repeat_times, repeat_params and sel_mode keywords as its register form and drops
the rest (a deliberate difference, in known.py: we keep the form written)."""

import asc
import numpy as np

N = 256


@asc.jit
def select_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    mask_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(q_in, 1, N * 4)
    pipe.init_buffer(q_out, 1, N * 4)
    pipe.init_buffer(mask_buf, N)
    src = q_in.alloc_tensor(asc.float32)
    asc.data_copy(src, x_gm, N)
    q_in.enque(src)
    src = q_in.deque(asc.float32)
    dst = q_out.alloc_tensor(asc.float32)
    sel = mask_buf.get(asc.uint8)
    asc.compare_scalar(sel, src, 0.0, asc.CMPMODE.GT, N)
    asc.select(dst, sel, src, 0.0, asc.SelMode.VSEL_TENSOR_SCALAR_MODE, N)
    asc.select(dst, sel, src, dst, asc.SelMode.VSEL_TENSOR_TENSOR_MODE, N)
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    asc.select(dst, sel, src, 1.0, asc.SelMode.VSEL_TENSOR_SCALAR_MODE, 64, 4, params)
    asc.select(dst, sel, src, dst, asc.SelMode.VSEL_TENSOR_TENSOR_MODE, [0, 2**64 - 1], 4, params)
    asc.select(dst, sel, src, src1=2.0, sel_mode=asc.SelMode.VSEL_TENSOR_SCALAR_MODE, mask=[2**64 - 1],
               repeat_times=4, repeat_params=params)
    asc.select(dst, sel, src, dst, asc.SelMode.VSEL_CMPMASK_SPR, mask=64, repeat_times=4, repeat_params=params)
    asc.set_cmp_mask(sel)
    asc.select(dst, src, dst, repeat_times=4, repeat_params=params, sel_mode=asc.SelMode.VSEL_CMPMASK_SPR)
    q_out.enque(dst)
    q_in.free_tensor(src)
    dst = q_out.deque(asc.float32)
    asc.data_copy(y_gm, dst, N)
    q_out.free_tensor(dst)


def launch():
    x = np.ones(N, np.float32)
    select_kernel[1](x, np.zeros_like(x))
