"""Point 10: a helper fills two LocalTensorAuto tensors; CANN (which inlines it) enqueues each after its copy."""

import asc
import numpy as np

N = 256


@asc.jit
def load_pair(a: asc.LocalTensorAuto, b: asc.LocalTensorAuto, x_gm: asc.GlobalTensor, y_gm: asc.GlobalTensor) -> None:
    asc.data_copy(a, x_gm, N)
    asc.data_copy(b, y_gm, N)


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
    load_pair(a, b, x_gm, y_gm)
    asc.mul(c, a, b, N)
    asc.data_copy(z_gm, c, N)


def launch():
    x = np.zeros(N, np.float32)
    kernel[1](x, np.zeros_like(x), np.zeros_like(x))
