"""The forms of is_set_mask and of scalar_get_sff_value's count_value that CANN's tracer takes: a Python bool by a
module constant, a comparison of constants, a local and a ConstExpr parameter; copy and repeat_reduce_sum, which
pass is_set_mask on unchecked, also take the int 1; count_value is 0, 1, True or a ConstExpr int."""

import asc
import numpy as np

N = 128
SET_MASK = True


@asc.jit
def literals_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, word: int, keep: asc.ConstExpr[bool],
                    bit: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    a_buf = asc.TBuf(asc.TPosition.VECCALC)
    b_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(a_buf, N * 2)
    pipe.init_buffer(b_buf, N * 2)
    a = a_buf.get(asc.float16)
    b = b_buf.get(asc.float16)
    asc.data_copy(a, x_gm, N)
    params = asc.UnaryRepeatParams(1, 1, 8, 8)
    local_flag = True
    asc.adds(b, a, 1.0, N, 1, params, is_set_mask=SET_MASK)
    asc.muls(b, b, 2.0, N, 1, params, is_set_mask=N > 64)
    asc.maxs(b, b, 0.0, N, 1, params, is_set_mask=local_flag)
    asc.mins(b, b, 100.0, N, 1, params, is_set_mask=keep)
    asc.copy(a, b, N, 1, asc.CopyRepeatParams(1, 1, 8, 8), is_set_mask=1)
    asc.repeat_reduce_sum(b, a, 1, N, 1, 1, 8, 8, 1)
    first_zero = asc.scalar_get_sff_value(word, 0)
    first_one = asc.scalar_get_sff_value(word, True)
    chosen = asc.scalar_get_sff_value(word, bit)
    asc.printf("%d %d %d\n", first_zero, first_one, chosen)
    asc.data_copy(z_gm, a, N)


def launch():
    literals_kernel[1](np.ones(N, np.float16), np.zeros(N, np.float16), 12, True, 1)
