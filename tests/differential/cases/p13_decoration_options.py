"""Point 13: the remaining decoration options: debug, strip_loc, verify_sync, kernel_type, always_compile."""

import asc
import numpy as np
from asc.runtime.config import KernelType


@asc.jit(debug=False, strip_loc=True, verify_sync=False, kernel_type=KernelType.AIV_ONLY, always_compile=True)
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 64)
    asc.sqrt(t, t, 64)
    asc.data_copy(x_gm, t, 64)


def launch():
    kernel[1](np.zeros(64, np.float32))
