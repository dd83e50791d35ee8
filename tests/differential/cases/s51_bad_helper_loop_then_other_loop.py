"""A helper enqueues inside its loop; the kernel uses the tensor in another loop: no dequeue can be placed."""

import asc
import numpy as np

N = 128


@asc.jit
def fill_tiles(t: asc.LocalTensorAuto, src: asc.GlobalTensor) -> None:
    for i in range(2):
        asc.data_copy(t, src[i * N:], N)


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 2 * N)
    z_gm.set_global_buffer(z, N)
    t = asc.LocalTensorAuto(asc.float32, N)
    o = asc.LocalTensorAuto(asc.float32, N)
    fill_tiles(t, x_gm)
    for _ in range(2):
        asc.adds(o, t, 1.0, N)
    asc.data_copy(z_gm, o, N)


def launch():
    x = np.arange(2 * N, dtype=np.float32)
    kernel[1](x, np.zeros(N, np.float32))
