"""fwk.TBuf: a VECCALC scratch buffer sized by init_buffer (positional and keyword `buf=`/`num=`), read whole with
get(dtype), in part with get(dtype, len) and at an offset with get_with_offset(size, buf_offset, dtype)."""

import asc
import numpy as np

N = 256


@asc.jit
def tbuf_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    work = asc.TBuf(asc.TPosition.VECCALC)
    extra = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(work, N * 4)
    pipe.init_buffer(buf=extra, num=1024)
    whole = work.get(asc.float32)
    head = extra.get(asc.float32, 128)
    tail = extra.get_with_offset(128, 512, asc.float32)
    asc.data_copy(whole, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(head, whole, 1.0, 128)
    asc.muls(tail, whole[128:], 2.0, 128)
    asc.add(whole, head, tail, 128)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, whole, N)


def launch():
    x = np.zeros(N, np.float32)
    tbuf_kernel[1](x, np.zeros_like(x))
