"""A named int32 asc.array, one element set at run time, given to asc.ShapeInfo (which takes uint32 values) and set on
a LocalTensor."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    dims = asc.array(asc.int32, [16, 16])
    dims[1] = n
    t.set_shape_info(asc.ShapeInfo(dims))
    asc.data_copy(t, x_gm, 256)
    asc.data_copy(x_gm, t, 256)


def launch():
    kernel[1](np.zeros(N, np.float32), 16)
