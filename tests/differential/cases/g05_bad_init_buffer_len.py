"""pipe.init_buffer(buf=..., len=...): Ascend C's TPipe::InitBuffer(TBuf&, uint32_t len) names the length `len`,
CANN's pyasc 1.1.1 `num` for a TBuf: its dispatcher matches no form (we know the `len` form by rule; an error with
cann_version 1.1.1)."""

import asc
import numpy as np

N = 256


@asc.jit
def tbuf_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    calc = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=calc, len=N * 4)
    t = calc.get(asc.float32)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(t, t, 2.0, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, t, N)


def launch():
    x = np.zeros(N, np.float32)
    tbuf_kernel[1](x, np.zeros_like(x))
