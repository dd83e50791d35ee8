"""A while loop adds 1 to a 448-element tensor through slices t[k:], stepping 2 * STEP = 128 elements a time:
448 is no multiple of 128, so the last step (at 384) runs past the tensor; the twin steps STEP = 64, which
divides 448."""

import asc
import numpy as np

STEP = 64
BUF = 448


@asc.jit
def inc_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, BUF)
    z_gm.set_global_buffer(z, BUF)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que, 1, BUF * 4)
    t = que.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, BUF)
    que.enque(t)
    t = que.deque(asc.float32)
    k = asc.number(0, asc.int32)
    while k < BUF:
        asc.adds(t[k:], t[k:], 1.0, STEP)
        k += STEP
    asc.data_copy(z_gm, t, BUF)
    que.free_tensor(t)


def launch():
    x = np.arange(BUF, dtype=np.float32)
    z = np.zeros_like(x)
    inc_kernel[1](x, z)
    return z, x + 1


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
