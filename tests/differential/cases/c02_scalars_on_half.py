"""Scalars on float16 tensors: int and float literals, a ConstExpr, a module constant, asc.number of the tensor's
dtype and a value read from the tensor, in compare_scalar, select (a run-time scalar), duplicate, adds and axpy."""

import asc
import numpy as np

N = 256
K = 7


@asc.jit
def scalars_on_half(x: asc.GlobalAddress, z: asc.GlobalAddress, k: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 2)
    qm = asc.TQue(asc.TPosition.VECCALC, 1)
    pipe.init_buffer(qm, 1, N)
    m = qm.alloc_tensor(asc.uint8)
    t = q.alloc_tensor(asc.float16)
    asc.data_copy(t, x_gm, N)
    asc.duplicate(t, 1, N)
    asc.adds(t, t, k, N)
    asc.maxs(t, t, K, N)
    asc.muls(t, t, 0.5, N)
    asc.adds(t, t, asc.number(2, t.dtype), N)
    asc.mins(t, t, t.get_value(0), N)
    asc.compare_scalar(m, t, 3, asc.CMPMODE.LT, N)
    asc.select(t, m, t, t.get_value(1), asc.SelMode.VSEL_TENSOR_SCALAR_MODE, N)
    asc.axpy(t, t, 2, N)
    asc.data_copy(z_gm, t, N)
    qm.free_tensor(m)
    q.free_tensor(t)


def launch():
    x = np.ones(N, np.float16)
    scalars_on_half[1](x, np.zeros_like(x), 5)
