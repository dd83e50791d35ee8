"""Rejected: scalar_get_sff_value's count_value computed at run time; CANN takes a Python int only."""

import asc
import numpy as np


@asc.jit
def sff_runtime_kernel(x: asc.GlobalAddress, word: int) -> None:
    bit = asc.get_block_idx() % 2
    position = asc.scalar_get_sff_value(word, bit)
    asc.printf("%d\n", position)


def launch():
    sff_runtime_kernel[1](np.zeros(8, np.float16), 12)
