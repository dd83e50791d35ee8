"""adv math, binary: power on float and int32, xor on int16 and uint16, whole tensor and with a count / temp buffer."""

import asc
import numpy as np

N = 256


@asc.jit
def binary_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, d: asc.GlobalAddress) -> None:
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    d_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, N)
    b_gm.set_global_buffer(b, N)
    c_gm.set_global_buffer(c, N)
    d_gm.set_global_buffer(d, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 16384)
    x = buf.get_with_offset(N, 0, asc.float32)
    y = buf.get_with_offset(N, 1024, asc.float32)
    z = buf.get_with_offset(N, 2048, asc.float32)
    tmp = buf.get_with_offset(4096, 4096, asc.uint8)
    p = buf.get_with_offset(N, 8192, asc.int16)
    q = buf.get_with_offset(N, 9216, asc.int16)
    r = buf.get_with_offset(N, 10240, asc.int16)
    asc.data_copy(x, a_gm, N)
    asc.data_copy(y, b_gm, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.adv.power(z, x, y)
    asc.adv.power(z, x, y, N)
    asc.adv.power(z, x, y, count=128, temp_buffer=tmp)
    asc.cast(p, z, asc.RoundMode.CAST_ROUND, N)
    asc.cast(q, y, asc.RoundMode.CAST_ROUND, N)
    asc.adv.xor(r, p, q)
    asc.adv.xor(r, p, q, N, tmp)
    asc.adv.xor(dst=r, src0=p, src1=q, count=N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(c_gm, z, N)
    asc.data_copy(d_gm, r, N)


def launch():
    x = np.zeros(N, np.float32)
    binary_kernel[1](x, np.zeros_like(x), np.zeros_like(x), np.zeros(N, np.int16))
