"""Point 11, rejected: a `with` statement with two items (CANN supports exactly one)."""

import asc
import numpy as np


@asc.jit
def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(position=asc.TPosition.GM, format=asc.CubeFormat.ND, dtype=asc.float16)
    c_type = asc.adv.MatmulType(position=asc.TPosition.GM, format=asc.CubeFormat.ND, dtype=asc.float32)
    first = asc.adv.Matmul(a_type, a_type, c_type)
    second = asc.adv.Matmul(a_type, a_type, c_type)
    asc.adv.register_matmul(pipe, workspace, first)
    with first.iterate(), second.iterate():
        pass


def launch():
    kernel[1](np.zeros(64, np.float16), np.zeros(64, np.float16), np.zeros(64, np.float32), np.zeros(64, np.uint8))
