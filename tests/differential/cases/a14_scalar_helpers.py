"""Scalar helpers: count_bits_cnt_same_as_sign_bit on a constant and on a run-time value, get_sort_len and
get_sort_offset called (CANN's results of these two cannot be used), the two results of get_store_atomic_config
after set_store_atomic_config, and get_mrg_sort_result's four results after a mrg_sort."""

import asc
import numpy as np

N = 128


@asc.jit
def scalar_helpers_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N * 4)
    z_gm.set_global_buffer(z, N * 4)
    value_in = 0x0f00000000000000
    ans = asc.count_bits_cnt_same_as_sign_bit(value_in)
    runtime = asc.count_bits_cnt_same_as_sign_bit(asc.get_block_idx())
    asc.get_sort_len(100)
    asc.get_sort_offset(16)
    asc.set_store_atomic_config(asc.AtomicDtype.ATOMIC_F16, asc.AtomicOp.ATOMIC_SUM)
    atomic_type, atomic_op = asc.get_store_atomic_config()
    asc.printf("%d %d %d %d\n", ans, runtime, atomic_type, atomic_op)
    pipe = asc.TPipe()
    in_buf = asc.TBuf(asc.TPosition.VECCALC)
    out_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_buf, N * 4 * 4)
    pipe.init_buffer(out_buf, N * 4 * 4)
    src = in_buf.get(asc.float32)
    dst = out_buf.get(asc.float32)
    asc.data_copy(src, x_gm, N * 4)
    sort_list = asc.MrgSortSrcList(asc.float32, src[0:], src[N // 2:], src[N:], src[N * 3 // 2:])
    element_count_list = [N // 4, N // 4, N // 4, N // 4]
    sorted_num = [0, 0, 0, 0]
    asc.mrg_sort(dst, sort_list, element_count_list, sorted_num, valid_bit=15, repeat_time=1)
    mrg1, mrg2, mrg3, mrg4 = asc.get_mrg_sort_result()
    asc.printf("%d %d %d %d\n", mrg1, mrg2, mrg3, mrg4)
    asc.data_copy(z_gm, dst, N * 4)


def launch():
    x = np.ones(N * 4, np.float32)
    scalar_helpers_kernel[1](x, np.zeros_like(x))
