"""The element type comes from the GlobalTensor (`q.alloc_tensor(x_gm.dtype)`): where nothing else in the kernel
fixes it, our C++ is a template of it, and each scalar of a call that deduces T from it is cast to it; the same
in a helper."""

import asc
import numpy as np

N = 256
K = 7


@asc.jit
def work(t: asc.LocalTensor, n: int, count: int):
    asc.duplicate(t, 1, count)
    asc.adds(t, t, n, count)
    asc.maxs(t, t, 0, count)
    asc.mins(t, t, 2.5, count)


@asc.jit
def scalars_template_dtype(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    t = q.alloc_tensor(x_gm.dtype)
    asc.data_copy(t, x_gm, N)
    asc.duplicate(t, 0, N)
    asc.adds(t, t, 2, N)
    asc.mins(t, t, n, N)
    asc.maxs(t, t, K, N)
    asc.muls(t, t, 1.5, N)
    work(t, n, N)
    work(t[64:], n, N - 64)
    asc.data_copy(z_gm, t, N)
    q.free_tensor(t)


def launch():
    x = np.ones(N, np.float32)
    scalars_template_dtype[1](x, np.zeros_like(x), 3)
