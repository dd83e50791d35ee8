"""Point 13: insert_sync=False on a kernel with a LocalTensorAuto: its queue and tensor, no synchronization."""

import asc
import numpy as np

N = 128


@asc.jit(insert_sync=False)
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    staged = asc.LocalTensorAuto(asc.float32, N)
    asc.data_copy(staged, x_gm, N)
    asc.data_copy(y_gm, staged, N)


def launch():
    x = np.zeros(N, np.float32)
    kernel[1](x, np.zeros_like(x))
