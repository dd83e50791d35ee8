"""Adds the two halves of a 2 * H float32 tile: the count 2 * H runs past the slice a[H:] (H elements) it reads
and the H-element output tensor; the twin adds H elements."""

import asc
import numpy as np

H = 128


@asc.jit
def halves_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, H * 2)
    z_gm.set_global_buffer(z, H)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, H * 2 * 4)
    pipe.init_buffer(q_out, 1, H * 4)
    a = q_in.alloc_tensor(asc.float32)
    asc.data_copy(a, x_gm, H * 2)
    q_in.enque(a)
    a = q_in.deque(asc.float32)
    c = q_out.alloc_tensor(asc.float32)
    asc.add(c, a, a[H:], H * 2)  # expect: vec_over_slice
    q_out.enque(c)
    q_in.free_tensor(a)
    c = q_out.deque(asc.float32)
    asc.data_copy(z_gm, c, H)
    q_out.free_tensor(c)


def launch():
    x = np.arange(H * 2, dtype=np.float32)
    z = np.zeros(H, np.float32)
    halves_kernel[1](x, z)
    return z, x[:H] + x[H:]


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
