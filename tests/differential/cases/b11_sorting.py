"""Sorting and proposals: sort32 then mrg_sort in both forms (lists and MrgSort4Info) and mrg_sort4, sort with
is_full_sort, rp_sort16, proposal_concat and proposal_extract by keyword, on UB tensors from one TBuf."""

import asc
import numpy as np

COUNT = 128


@asc.jit
def sort_kernel(x: asc.GlobalAddress, idx: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    i_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, COUNT)
    i_gm.set_global_buffer(idx, COUNT)
    y_gm.set_global_buffer(y, COUNT * 2)
    pipe = asc.TPipe()
    val_buf = asc.TBuf(asc.TPosition.VECCALC)
    idx_buf = asc.TBuf(asc.TPosition.VECCALC)
    out_buf = asc.TBuf(asc.TPosition.VECCALC)
    tmp_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(val_buf, COUNT * 4)
    pipe.init_buffer(idx_buf, COUNT * 4)
    pipe.init_buffer(out_buf, COUNT * 8)
    pipe.init_buffer(tmp_buf, COUNT * 8)
    values = val_buf.get(asc.float32)
    index = idx_buf.get(asc.uint32)
    out = out_buf.get(asc.float32)
    tmp = tmp_buf.get(asc.float32)
    asc.data_copy(values, x_gm, COUNT)
    asc.data_copy(index, i_gm, COUNT)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.sort32(out, values, index, COUNT // 32)
    src_list = asc.MrgSortSrcList(asc.float32, out[0:], out[64:], out[128:], out[192:])
    element_counts = [32, 32, 32, 32]
    sorted_nums = [0, 0, 0, 0]
    asc.mrg_sort(tmp, src_list, element_counts, sorted_nums, 15, 1)
    asc.mrg_sort(tmp, src_list, element_counts, sorted_nums, valid_bit=15, repeat_time=1,
                 is_exhausted_suspension=True)
    info = asc.MrgSort4Info([32, 32, 32, 32], False, 15, 1)
    asc.mrg_sort(tmp, src_list, info)
    asc.mrg_sort4(out, src_list, info)
    asc.sort(out, values, index, tmp, COUNT // 32, is_full_sort=True)
    asc.sort(out, values, index, tmp, 4)
    asc.rp_sort16(tmp, out, 2)
    asc.proposal_concat(tmp, values, repeat_time=2, mode_number=4)
    asc.proposal_extract(values, tmp, repeat_time=2, mode_number=4)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, out, COUNT * 2)


def launch():
    x = np.ones(COUNT, np.float32)
    sort_kernel[1](x, np.arange(COUNT, dtype=np.uint32), np.zeros(COUNT * 2, np.float32))
