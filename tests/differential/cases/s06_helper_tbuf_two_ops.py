"""A helper runs two vector operations on calculation buffers (no queue): a V barrier follows each."""

import asc
import numpy as np

N = 128


@asc.jit
def twice(w: asc.LocalTensorAuto, t: asc.LocalTensorAuto) -> None:
    asc.muls(w, t, 2.0, N)
    asc.adds(w, w, 1.0, N)


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    t = asc.LocalTensorAuto(asc.float32, N)
    w = asc.LocalTensorAuto(asc.float32, N)
    o = asc.LocalTensorAuto(asc.float32, N)
    asc.data_copy(t, x_gm, N)
    twice(w, t)
    asc.adds(o, w, 3.0, N)
    asc.data_copy(z_gm, o, N)


def launch():
    x = np.arange(N, dtype=np.float32)
    kernel[1](x, np.zeros_like(x))
