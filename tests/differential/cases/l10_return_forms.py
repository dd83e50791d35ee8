"""Language: returns where CANN's tracer allows them: a helper returning early under a compile-time condition (a
ConstExpr), a helper whose result is None assigned to a name, statements after a kernel's return (never traced)."""

import asc
import numpy as np


@asc.jit
def tile_count(total: asc.ConstExpr[int]) -> int:
    if total <= 256:
        return 1
    return total // 256


@asc.jit
def bump(t: asc.LocalTensor, count: int) -> None:
    asc.adds(t, t, 1.0, count)


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 256)
    tiles = tile_count(1024)
    done = bump(t, tiles * 64)
    if done is None:
        asc.data_copy(x_gm, t, 256)
    return
    asc.data_copy(x_gm[256:], t, 256)


def launch():
    kernel[1](np.zeros(1024, np.float32))
