"""Scalars of another type where Ascend C deduces T from the tensor and the scalar together: int literals, an int
parameter, a ConstExpr and module constants on float32 tensors, in the kernel and in a helper (the C++ writes each
in float)."""

import asc
import numpy as np

N = 256
K = 7
F = 0.25


@asc.jit
def work(t: asc.LocalTensor, n: int, k: asc.ConstExpr[int]):
    asc.duplicate(t, 1, N)
    asc.adds(t, t, n, N)
    asc.muls(t, t, k, N)
    asc.maxs(t, t, 0, N)
    asc.mins(t, t, K, N)
    asc.leaky_relu(t, t, F, N)


@asc.jit
def scalars_int_on_float(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, k: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, N)
    asc.duplicate(t, 0, N)
    asc.adds(t, t, 2, N)
    asc.mins(t, t, n, N)
    asc.maxs(t, t, k, N)
    asc.muls(t, t, K, 64, 4, asc.UnaryRepeatParams(1, 1, 8, 8))
    asc.axpy(t, t, 2, N)
    work(t, n, k)
    asc.data_copy(z_gm, t, N)
    q.free_tensor(t)


def launch():
    x = np.ones(N, np.float32)
    scalars_int_on_float[1](x, np.zeros_like(x), 3, 5)
