"""Point 2: list repetition of compile-time values (`[FULL] * 2`), numpy's scalar types in a kernel
(`0.5`), `...` as a statement, and a class imported from asc's own submodule (asc.language.fwk.tpipe)."""

import asc
import numpy as np
from asc.language.fwk.tpipe import TQueBind

FULL = 2**64 - 1


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)
    pipe = asc.TPipe()
    spare = TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1)
    que = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que, 1, 512)
    t = que.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, 128)
    mask = [FULL] * 2
    asc.adds(t, t, 0.5, mask, 2, asc.UnaryRepeatParams())
    if FULL > 0:
        ...
    asc.data_copy(x_gm, t, 128)
    que.free_tensor(t)
    if spare.vacant_in_que():  # a queue without buffers has no tensor to give (TPipe.init_buffer takes a TQue)
        ...


def launch():
    kernel[1](np.zeros(128, np.float32))
