"""A helper reads an element the vector unit wrote: the scalar read is fenced inside the helper."""

import asc
import numpy as np

N = 128


@asc.jit
def first_plus(t: asc.LocalTensorAuto, o: asc.LocalTensorAuto) -> None:
    asc.muls(t, t, 2.0, N)
    v = t.get_value(0)
    asc.adds(o, t, v, N)


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    t = asc.LocalTensorAuto(asc.float32, N)
    o = asc.LocalTensorAuto(asc.float32, N)
    asc.data_copy(t, x_gm, N)
    first_plus(t, o)
    asc.data_copy(z_gm, o, N)


def launch():
    x = np.arange(N, dtype=np.float32)
    kernel[1](x, np.zeros_like(x))
