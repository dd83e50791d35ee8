"""select in its register-scalar form: set_cmp_mask, then select(dst, sel_mask, src0, repeat_times,
repeat_params) with no src1 and no sel_mode (the scalar comes from a register)."""

import asc
import numpy as np

N = 256


@asc.jit
def select_reg_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    out_buf = asc.TBuf(asc.TPosition.VECCALC)
    mask_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 2)
    pipe.init_buffer(out_buf, N * 2)
    pipe.init_buffer(mask_buf, N)
    src = buf.get(asc.float16)
    dst = out_buf.get(asc.float16)
    sel = mask_buf.get(asc.uint16)
    asc.data_copy(src, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.duplicate(sel, 21845, N // 2)
    asc.set_cmp_mask(sel)
    asc.select(dst, sel, src, 2, asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8))
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, dst, N)


def launch():
    x = np.ones(N, np.float16)
    select_reg_kernel[1](x, np.zeros_like(x))
