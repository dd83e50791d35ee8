"""Point 13, rejected: `core_num` given to @asc.jit (a launch option: CANN passes it to the kernel at launch)."""

import asc
import numpy as np


@asc.jit(core_num=4)
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)


def launch():
    kernel[1](np.zeros(64, np.float32))
