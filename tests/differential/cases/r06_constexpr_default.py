"""Point 6, rejected: a ConstExpr parameter with a Python default that the launch leaves out.

CANN 1.1.1 binds only the arguments given at launch, so the parameter is undefined (NameError).
"""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, tile: asc.ConstExpr[int] = 64) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, tile)


def launch():
    kernel[1](np.zeros(64, np.float32))
