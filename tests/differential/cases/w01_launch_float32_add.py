"""Launch dtypes: a kernel whose code leaves its dtypes open, launched on float32 arrays: checked (and its entry
instantiated) with float32."""

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
    add_vectors[1](np.ones(SIZE, dtype=np.float32), np.ones(SIZE, dtype=np.float32), np.zeros(SIZE, np.float32))
