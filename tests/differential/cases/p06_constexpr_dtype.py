"""Point 6: a ConstExpr[asc.DataType] parameter chooses the tensor dtype; the launch passes asc.float32."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, dtype: asc.ConstExpr[asc.DataType]) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(dtype)
    asc.data_copy(t, x_gm, 64)
    asc.relu(t, t, 64)
    asc.data_copy(x_gm, t, 64)


def launch():
    kernel[1](np.zeros(64, np.float32), asc.float32)
