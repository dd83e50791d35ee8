"""Point 8, rejected: reading a field a user Struct does not have."""

import asc
import numpy as np
from asc.language.core.struct import Field, Struct


class Sizes(Struct):
    count = Field(dtype=asc.int32, default=0)


@asc.jit
def kernel(x: asc.GlobalAddress, sizes: Sizes) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, sizes.length)


def launch():
    kernel[1](np.zeros(64, np.float32), Sizes(count=64))
