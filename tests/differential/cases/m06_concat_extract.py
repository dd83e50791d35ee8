"""adv.concat and adv.extract: half values laid into sort structures and split back into values and uint32
indices, positionally and by keyword."""

import asc
import numpy as np

N = 128


@asc.jit
def sort_kernel(x: asc.GlobalAddress, v: asc.GlobalAddress, idx: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    v_gm = asc.GlobalTensor()
    i_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    v_gm.set_global_buffer(v, N)
    i_gm.set_global_buffer(idx, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 8192)
    values = buf.get_with_offset(N, 0, asc.float16)
    concat_out = buf.get_with_offset(N * 8, 256, asc.float16)
    tmp = buf.get_with_offset(N * 8, 2304, asc.float16)
    out_values = buf.get_with_offset(N, 4352, asc.float16)
    out_index = buf.get_with_offset(N, 4608, asc.uint32)
    asc.data_copy(values, x_gm, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.adv.concat(concat_out, values, tmp, N // 32)
    asc.adv.concat(dst=concat_out, src=values, tmp=tmp, repeat_time=4)
    asc.adv.extract(out_values, out_index, concat_out, 4)
    asc.adv.extract(dst_value=out_values, dst_index=out_index, src=concat_out, repeat_time=N // 32)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(v_gm, out_values, N)
    asc.data_copy(i_gm, out_index, N)


def launch():
    x = np.zeros(N, np.float16)
    sort_kernel[1](x, np.zeros_like(x), np.zeros(N, np.uint32))
