"""A kernel loop whose body is one helper call that sets one element and scales the tensor."""

import asc
import numpy as np

N = 128


@asc.jit
def mark(t: asc.LocalTensorAuto, i: int) -> None:
    t.set_value(i, 1.0)
    asc.muls(t, t, 2.0, N)


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    t = asc.LocalTensorAuto(asc.float32, N)
    asc.data_copy(t, x_gm, N)
    for i in range(4):
        mark(t, i)
    asc.data_copy(z_gm, t, N)


def launch():
    x = np.arange(N, dtype=np.float32)
    kernel[1](x, np.zeros_like(x))
