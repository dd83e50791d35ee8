"""CANN rejects: AippParams of float32 (it takes asc.int8 or asc.float16 only)."""

import asc
import numpy as np


@asc.jit
def bad_kernel(rgb: asc.GlobalAddress) -> None:
    rgb_gm = asc.GlobalTensor()
    rgb_gm.set_global_buffer(rgb)
    config = asc.AippParams(dtype=asc.float32)
    asc.set_aipp_functions(rgb_gm, asc.AippInputFormat.RGB888_U8, config)


def launch():
    bad_kernel[1](np.zeros(192, np.uint8))
