"""One helper that writes once, called for two auto tensors: each call enqueues its own tensor."""

import asc
import numpy as np

N = 128


@asc.jit
def load(t: asc.LocalTensorAuto, src: asc.GlobalTensor) -> None:
    asc.data_copy(t, src, N)


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    z_gm.set_global_buffer(z, N)
    a = asc.LocalTensorAuto(asc.float32, N)
    b = asc.LocalTensorAuto(asc.float32, N)
    c = asc.LocalTensorAuto(asc.float32, N)
    load(a, x_gm)
    load(b, y_gm)
    asc.add(c, a, b, N)
    asc.data_copy(z_gm, c, N)


def launch():
    x = np.arange(N, dtype=np.float32)
    kernel[1](x, np.ones_like(x), np.zeros_like(x))
