"""Helpers given temporaries: LocalTensor and GlobalTensor slices (`fill(t[i * TILE:])`), a parameter struct made
in the call, a parameter re-bound inside the helper (the caller's tensor stays), one used only for its dtype, and a
queue passed on to free a tensor."""

import asc
import numpy as np

N = 256
TILE = 64


@asc.jit
def fill(t: asc.LocalTensor, n: int):
    asc.duplicate(t, 0, n)


@asc.jit
def load(t: asc.LocalTensor, g: asc.GlobalTensor, n: int):
    asc.data_copy(t, g, n)


@asc.jit
def repeat(t: asc.LocalTensor, p: asc.UnaryRepeatParams):
    asc.adds(t, t, 1.0, TILE, 1, p)


@asc.jit
def shifted(t: asc.LocalTensor):
    t = t[TILE:]
    asc.muls(t, t, 2.0, TILE)


@asc.jit
def only_dtype(x: asc.LocalTensor, y: asc.LocalTensor):
    asc.duplicate(y, asc.number(1, x.dtype), TILE)


@asc.jit
def release(q: asc.TQue, t: asc.LocalTensor):
    q.free_tensor(t)


@asc.jit
def helper_slices(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    t = q.alloc_tensor(asc.float32)
    load(t, x_gm, N // 2)
    load(t[N // 2:], x_gm[N // 2:], N // 2)
    for i in range(2):
        fill(t[i * TILE:], TILE)
    repeat(t[TILE:], asc.UnaryRepeatParams(1, 1, 8, 8))
    shifted(t[TILE:])
    only_dtype(t, t[3 * TILE:])
    asc.data_copy(z_gm, t, N)
    release(q, t)


def launch():
    x = np.ones(N, np.float32)
    helper_slices[1](x, np.zeros_like(x))
