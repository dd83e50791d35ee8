"""A VECCALC TBuf holds a product piece and an accumulator piece (get_with_offset at T * 4 bytes); the
accumulator is zeroed with the whole TBuf's count 2 * T, which runs past its end; the twin zeroes T."""

import asc
import numpy as np

T = 128
K = 4


@asc.jit
def accumulate(q_in: asc.TQue, prod: asc.LocalTensor, acc: asc.LocalTensor) -> None:
    a = q_in.deque(asc.float32)
    asc.muls(prod, a, 2.0, T)
    asc.add(acc, acc, prod, T)
    q_in.free_tensor(a)


@asc.jit
def col_sum_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, K * T)
    z_gm.set_global_buffer(z, T)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 2)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    calc = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(q_in, 2, T * 4)
    pipe.init_buffer(q_out, 1, T * 4)
    pipe.init_buffer(calc, 2 * T * 4)
    prod = calc.get_with_offset(T, 0, asc.float32)
    acc = calc.get_with_offset(T, T * 4, asc.float32)
    asc.duplicate(acc, 0.0, T)
    for k in range(K):
        a = q_in.alloc_tensor(asc.float32)
        asc.data_copy(a, x_gm[k * T:], T)
        q_in.enque(a)
        accumulate(q_in, prod, acc)
    c = q_out.alloc_tensor(asc.float32)
    asc.data_copy(c, acc, T)
    q_out.enque(c)
    c = q_out.deque(asc.float32)
    asc.data_copy(z_gm, c, T)
    q_out.free_tensor(c)


def launch():
    x = (np.arange(K * T) % 5).astype(np.float32)
    z = np.zeros(T, np.float32)
    col_sum_kernel[1](x, z)
    return z, 2 * x.reshape(K, T).sum(axis=0)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
