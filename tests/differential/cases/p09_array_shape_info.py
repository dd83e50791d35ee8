"""Point 9: asc.array of shape values and asc.ShapeInfo of it, set on a LocalTensor."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    dims = asc.array(asc.int32, [16, 16])
    t.set_shape_info(asc.ShapeInfo(dims))
    asc.data_copy(t, x_gm, 256)
    asc.data_copy(x_gm, t, 256)


def launch():
    kernel[1](np.zeros(256, np.float32))
