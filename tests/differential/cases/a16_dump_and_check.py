"""Debug APIs: dump_tensor of a LocalTensor and a GlobalTensor, with and without a ShapeInfo (positional and
keyword), dump_acc_chk_point on both tensor kinds by keyword, and check_local_memory_ia with default params."""

import asc
import numpy as np

N = 128


@asc.jit
def dump_kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 2)
    src_local = buf.get(asc.float16)
    asc.data_copy(src_local, x_gm, N)
    date_len = 32
    asc.dump_tensor(src_local, 5, date_len)
    shape_info = asc.ShapeInfo()
    asc.dump_tensor(x_gm, 2, 64, shape_info)
    asc.dump_tensor(tensor=src_local, desc=3, dump_size=16, shape_info=None)
    asc.dump_acc_chk_point(tensor=src_local, index=0, count_off=1, dump_size=5)
    asc.dump_acc_chk_point(tensor=x_gm, index=0, count_off=1, dump_size=5)
    asc.dump_acc_chk_point(src_local, 1, 0, 8)
    params = asc.CheckLocalMemoryIAParam()
    asc.check_local_memory_ia(params)


def launch():
    dump_kernel[1](np.ones(N, np.float16))
