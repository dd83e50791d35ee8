"""Point 8: a user Struct parameter's field assigned in the kernel, then read."""

import asc
import numpy as np
from asc.language.core.struct import Field, Struct


class Sizes(Struct):
    count = Field(dtype=asc.int32, default=0)
    stride = Field(dtype=asc.int32, default=0)


@asc.jit
def kernel(x: asc.GlobalAddress, sizes: Sizes) -> None:
    sizes.stride = sizes.count * 2
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, sizes.stride)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 2048)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, sizes.count)
    asc.data_copy(x_gm[sizes.count:], t, sizes.count)


def launch():
    kernel[1](np.zeros(512, np.float32), Sizes(count=256, stride=0))
