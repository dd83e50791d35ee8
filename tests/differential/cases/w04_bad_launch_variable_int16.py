"""Launch dtypes, rejected: an int16 array held in a name beside float16 ones (Src0 and src1 must be same type)."""

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
    a = np.random.rand(SIZE).astype(np.float16)
    b = np.arange(SIZE).astype(np.int16)
    out = np.zeros(SIZE, np.float16)
    add_vectors[1](a, b, out)
