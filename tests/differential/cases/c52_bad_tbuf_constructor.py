"""A TBuf constructed with too many arguments: CANN rejects it; we report the constructor alone (not its
init_buffer as a queue's, nor its get as a use before memory)."""

import asc
import numpy as np

N = 256


@asc.jit
def bad_tbuf_constructor(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    b = asc.TBuf(asc.TPosition.VECCALC, 3, 4)
    pipe.init_buffer(b, N * 4)
    w = b.get(asc.float32)
    asc.data_copy(w, x_gm, N)
    asc.data_copy(z_gm, w, N)


def launch():
    x = np.ones(N, np.float32)
    bad_tbuf_constructor[1](x, np.zeros_like(x))
