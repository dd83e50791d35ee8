"""Point 13: options given at launch (opt_level, auto_sync) and a grid with a stream-less tuple."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + asc.get_block_idx() * 64, 64)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 64)
    asc.abs(t, t, 64)
    asc.data_copy(x_gm, t, 64)


def launch():
    kernel[(4,)](np.zeros(256, np.float32), opt_level=1, auto_sync=False)
