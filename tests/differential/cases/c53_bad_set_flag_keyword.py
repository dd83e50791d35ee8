"""A set_flag that does not bind in a kernel synchronized by hand: CANN rejects it; we report that call alone, not
its wait_flag as waiting for a flag never set."""

import asc
import numpy as np

N = 256


@asc.jit(auto_sync=False)
def bad_set_flag_keyword(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0, pipe=1)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.abs(t, t, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, t, N)


def launch():
    x = np.ones(N, np.float32)
    bad_set_flag_keyword[1](x, np.zeros_like(x))
