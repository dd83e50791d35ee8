"""Nested helpers: the inner one copies in, the outer one computes on the result and copies out."""

import asc
import numpy as np

N = 128


@asc.jit
def fill(t: asc.LocalTensorAuto, src: asc.GlobalTensor) -> None:
    asc.data_copy(t, src, N)


@asc.jit
def fill_and_add(t: asc.LocalTensorAuto, o: asc.LocalTensorAuto, src: asc.GlobalTensor) -> None:
    fill(t, src)
    asc.adds(o, t, 5.0, N)


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    t = asc.LocalTensorAuto(asc.float32, N)
    o = asc.LocalTensorAuto(asc.float32, N)
    fill_and_add(t, o, x_gm)
    asc.data_copy(z_gm, o, N)


def launch():
    x = np.arange(N, dtype=np.float32)
    kernel[1](x, np.zeros_like(x))
