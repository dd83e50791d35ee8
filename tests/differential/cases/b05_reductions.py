"""Reductions: reduce_max/min/sum in the count form and both repeat forms (with cal_index), whole_reduce_max/min
with every ReduceOrder and whole_reduce_sum, pair_reduce_sum and repeat_reduce_sum, on tensors built with
asc.LocalTensor(dtype, pos, addr, tile_size) as the pages' examples do."""

import asc
import numpy as np


@asc.jit
def reduce_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 512)
    y_gm.set_global_buffer(y, 512)
    x_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
    z_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=1024, tile_size=512)
    tmp = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECCALC, addr=2048, tile_size=512)
    asc.data_copy(x_local, x_gm, 512)
    asc.set_flag(asc.HardEvent.MTE2_V)
    asc.wait_flag(asc.HardEvent.MTE2_V)
    uint64_max = 2**64 - 1
    mask = [uint64_max, uint64_max]
    asc.reduce_max(z_local, x_local, shared_tmp_buffer=tmp, mask=128, repeat_time=4, src_rep_stride=8,
                   cal_index=True)
    asc.reduce_min(z_local, x_local, tmp, mask, 4, 8)
    asc.reduce_sum(z_local, x_local, tmp, 512)
    asc.reduce_max(z_local, x_local, shared_tmp_buffer=tmp, count=512, cal_index=True)
    asc.reduce_min(z_local, x_local, tmp, count=512)
    asc.reduce_sum(z_local, x_local, tmp, mask=mask, repeat_time=4, src_rep_stride=8)
    asc.reduce_sum(z_local, x_local, tmp, 128, 4, 8)
    asc.whole_reduce_max(z_local, x_local, mask=128, repeat_time=4, dst_rep_stride=1, src_blk_stride=1,
                         src_rep_stride=8)
    asc.whole_reduce_max(z_local, x_local, mask=mask, repeat_time=4, dst_rep_stride=1, src_blk_stride=1,
                         src_rep_stride=8, order=asc.ReduceOrder.ORDER_INDEX_VALUE)
    asc.whole_reduce_min(z_local, x_local, 128, 4, 1, 1, 8, asc.ReduceOrder.ORDER_ONLY_VALUE)
    asc.whole_reduce_min(z_local, x_local, mask, 4, 1, 1, 8, order=asc.ReduceOrder.ORDER_ONLY_INDEX)
    asc.whole_reduce_max(z_local, x_local, 128, 4, 1, 1, 8)
    asc.whole_reduce_sum(z_local, x_local, 128, 4, 1, 1, 8)
    asc.whole_reduce_sum(z_local, x_local, mask=mask, repeat_time=4, dst_rep_stride=1, src_blk_stride=1,
                         src_rep_stride=8, is_set_mask=True)
    asc.pair_reduce_sum(z_local, x_local, repeat_time=2, mask=128, dst_rep_stride=1, src_blk_stride=1,
                        src_rep_stride=8)
    asc.pair_reduce_sum(z_local, x_local, 2, mask, 1, 1, 8, False)
    asc.repeat_reduce_sum(z_local, x_local, repeat_time=4, mask=128, dst_blk_stride=0, src_blk_stride=1,
                          dst_rep_stride=8, src_rep_stride=8)
    asc.repeat_reduce_sum(z_local, x_local, 4, 64, 0, 1, 8, 8, False)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, z_local, 512)


def launch():
    x = np.ones(512, np.float16)
    reduce_kernel[1](x, np.zeros_like(x))
