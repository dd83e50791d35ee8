"""Point 10: LocalTensorAuto of a parameter's dtype (`x.dtype`), sized by a ConstExpr."""

import asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, tile: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm.set_global_buffer(z)
    a = asc.LocalTensorAuto(x.dtype, tile)
    c = asc.LocalTensorAuto(z.dtype, tile)
    asc.data_copy(a, x_gm, tile)
    asc.relu(c, a, tile)
    asc.data_copy(z_gm, c, tile)


def launch():
    x = np.zeros(512, np.float16)
    kernel[1](x, np.zeros_like(x), 512)
