"""Point 10: auto tensors in a loop, one read by get_value (a scalar fence), one only computed (a TBuf moved out)."""

import asc
import numpy as np

TILE = 128


@asc.jit
def kernel(src: asc.GlobalAddress, dst: asc.GlobalAddress, rounds: int) -> None:
    src_gm = asc.GlobalTensor()
    dst_gm = asc.GlobalTensor()
    src_gm.set_global_buffer(src)
    dst_gm.set_global_buffer(dst)
    for r in range(rounds):
        head = asc.LocalTensorAuto(asc.float32, TILE)
        asc.data_copy(head, src_gm[r * TILE:], TILE)
        first = head.get_value(0)
        filled = asc.LocalTensorAuto(asc.float32, TILE)
        asc.duplicate(filled, first, TILE)
        out = asc.LocalTensorAuto(asc.float32, TILE)
        asc.sub(out, head, filled, TILE)
        asc.data_copy(dst_gm[r * TILE:], out, TILE)


def launch():
    x = np.zeros(4 * TILE, np.float32)
    kernel[1](x, np.zeros_like(x), 4)
