"""scatter in its three forms (keywords as the page writes them), transpose in the 16x16 form and the enhanced
form with TransposeParamsExt."""

import asc
import numpy as np


@asc.jit
def layout_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    y_gm.set_global_buffer(y, 256)
    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, 1)
    out_queue_z = asc.TQue(asc.TPosition.VECOUT, 1)
    tmp_queue = asc.TQue(asc.TPosition.VECIN, 1)
    off_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_queue_x, 1, 512)
    pipe.init_buffer(out_queue_z, 1, 512)
    pipe.init_buffer(tmp_queue, 1, 1024)
    pipe.init_buffer(off_buf, 1024)
    x_local = in_queue_x.alloc_tensor(asc.float16)
    asc.data_copy(x_local, x_gm, 256)
    in_queue_x.enque(x_local)
    x_local = in_queue_x.deque(asc.float16)
    z_local = out_queue_z.alloc_tensor(asc.float16)
    offsets = off_buf.get(asc.uint32)
    uint64_max = 2**64 - 1
    asc.scatter(z_local, x_local, offsets, dst_base=0, mask=128, repeat_times=1, src_rep_stride=8)
    asc.scatter(z_local, x_local, offsets, dst_base=0, mask=[uint64_max, uint64_max], repeat_times=1,
                src_rep_stride=8)
    asc.scatter(z_local, x_local, offsets, dst_base=0, count=128)
    asc.scatter(z_local, x_local, offsets, 0, 128)
    asc.transpose(z_local, x_local)
    tmp_buffer = tmp_queue.alloc_tensor(asc.uint8)
    params = asc.TransposeParamsExt(n_size=1, c_size=16, h_size=4, w_size=4,
                                    transpose_type=asc.TransposeType.TRANSPOSE_NCHW2NHWC)
    asc.transpose(z_local, x_local, tmp_buffer, params)
    tmp_queue.free_tensor(tmp_buffer)
    out_queue_z.enque(z_local)
    in_queue_x.free_tensor(x_local)
    z_local = out_queue_z.deque(asc.float16)
    asc.data_copy(y_gm, z_local, 256)
    out_queue_z.free_tensor(z_local)


def launch():
    x = np.ones(256, np.float16)
    layout_kernel[1](x, np.zeros_like(x))
