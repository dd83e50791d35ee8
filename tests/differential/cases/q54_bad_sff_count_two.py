"""Rejected: scalar_get_sff_value looks for the first bit equal to count_value, which CANN checks is 0 or 1."""

import asc
import numpy as np

COUNT = 2


@asc.jit
def sff_two_kernel(x: asc.GlobalAddress, word: int) -> None:
    position = asc.scalar_get_sff_value(word, COUNT)
    asc.printf("%d\n", position)


def launch():
    sff_two_kernel[1](np.zeros(8, np.float16), 12)
