"""Point 10: asc.LocalTensorAuto tensors; CANN allocates their buffers and inserts the synchronization."""

import asc
import numpy as np

TILE = 256


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE)
    y_gm.set_global_buffer(y, TILE)
    z_gm.set_global_buffer(z, TILE)
    a = asc.LocalTensorAuto(asc.float32, TILE)
    b = asc.LocalTensorAuto(asc.float32, TILE)
    c = asc.LocalTensorAuto(asc.float32, TILE)
    asc.data_copy(a, x_gm, TILE)
    asc.data_copy(b, y_gm, TILE)
    asc.add(c, a, b, TILE)
    asc.data_copy(z_gm, c, TILE)


def launch():
    x = np.zeros(TILE, np.float32)
    kernel[1](x, np.zeros_like(x), np.zeros_like(x))
