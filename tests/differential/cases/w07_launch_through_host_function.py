"""Launch dtypes: the launch passes the parameters of a host function (unreadable statically: the kernel's
own rule applies); the arrays it is given are float32."""

import asc
import numpy as np

SIZE = 512


@asc.jit
def add_vectors(src_a: asc.GlobalAddress, src_b: asc.GlobalAddress, dst: asc.GlobalAddress) -> None:
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(src_a, SIZE)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(src_b, SIZE)
    d_gm = asc.GlobalTensor()
    d_gm.set_global_buffer(dst, SIZE)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, SIZE * 8)
    left = buf.get_with_offset(SIZE, 0, a_gm.dtype)
    right = buf.get_with_offset(SIZE, SIZE * 4, b_gm.dtype)
    asc.data_copy(left, a_gm, SIZE)
    asc.data_copy(right, b_gm, SIZE)
    asc.add(left, left, right, SIZE)
    asc.data_copy(d_gm, left, SIZE)


def launch():
    run(np.ones(SIZE, np.float32), np.ones(SIZE, np.float32))


def run(a, b):
    out = np.zeros(SIZE, np.float32)
    add_vectors[1](a, b, out)
