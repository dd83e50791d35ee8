"""gather with src_base and count, a lane-count mask and a bit mask (keywords as on its page); gatherb with
GatherRepeatParams."""

import asc
import numpy as np

N = 512


@asc.jit
def gather_kernel(x: asc.GlobalAddress, o: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    o_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    o_gm.set_global_buffer(o, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    x_buf = asc.TBuf(asc.TPosition.VECCALC)
    o_buf = asc.TBuf(asc.TPosition.VECCALC)
    z_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(x_buf, N * 2)
    pipe.init_buffer(o_buf, N * 4)
    pipe.init_buffer(z_buf, N * 2)
    x_local = x_buf.get(asc.float16)
    src_offset = o_buf.get(asc.uint32)
    z_local = z_buf.get(asc.float16)
    asc.data_copy(x_local, x_gm, N)
    asc.data_copy(src_offset, o_gm, N)
    asc.gather(z_local, x_local, src_offset, src_base=0, count=N)
    asc.gather(z_local, x_local, src_offset, src_base=0, mask=128, repeat_times=1, dst_rep_stride=8)
    mask_bits = [2**64 - 1, 2**64 - 1]
    asc.gather(z_local, x_local, src_offset, 0, mask_bits, 1, 8)
    params = asc.GatherRepeatParams(1, 8)
    asc.gatherb(z_local, x_local, src_offset, 2, params)
    asc.gatherb(z_local, x_local, src_offset, repeat_times=2, repeat_params=asc.GatherRepeatParams(1, 8))
    asc.data_copy(z_gm, z_local, N)


def launch():
    x = np.ones(N, np.float16)
    gather_kernel[1](x, np.zeros(N, np.uint32), np.zeros_like(x))
