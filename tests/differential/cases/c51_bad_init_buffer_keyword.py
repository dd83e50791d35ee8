"""An init_buffer that does not bind (an unknown keyword): CANN rejects it; we report that call alone, not the
queue's later uses as used before it has memory."""

import asc
import numpy as np

N = 256


@asc.jit
def bad_init_buffer_keyword(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4, depth=2)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, N)
    asc.data_copy(z_gm, t, N)
    q.free_tensor(t)


def launch():
    x = np.ones(N, np.float32)
    bad_init_buffer_keyword[1](x, np.zeros_like(x))
