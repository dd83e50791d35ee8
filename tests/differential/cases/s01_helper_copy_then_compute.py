"""A helper copies into an auto tensor and computes on it: the copy must be enqueued and dequeued inside it."""

import asc
import numpy as np

N = 256


@asc.jit
def load_scaled(t: asc.LocalTensorAuto, src: asc.GlobalTensor) -> None:
    asc.data_copy(t, src, N)
    asc.muls(t, t, 2.0, N)


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    t = asc.LocalTensorAuto(asc.float32, N)
    c = asc.LocalTensorAuto(asc.float32, N)
    load_scaled(t, x_gm)
    asc.adds(c, t, 1.0, N)
    asc.data_copy(z_gm, c, N)


def launch():
    x = np.arange(N, dtype=np.float32)
    kernel[1](x, np.zeros_like(x))
