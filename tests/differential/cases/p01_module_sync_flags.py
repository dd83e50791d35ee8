"""Point 1 baseline: explicit hardware event flags and barriers between the pipes, written by hand."""

import asc
import numpy as np


@asc.jit
def flags_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)
    y_gm.set_global_buffer(y, 128)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 512)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 128)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.ln(t, t, 128)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.reciprocal(t, t, 128)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, t, 128)


def launch():
    x = np.zeros(128, np.float32)
    flags_kernel[1](x, np.zeros_like(x))
