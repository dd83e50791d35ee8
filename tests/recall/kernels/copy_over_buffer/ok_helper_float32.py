"""A jit helper allocates from the kernel's input queue and copies TILE float32 into it, but the kernel gave that
queue TILE * 2 bytes (half a tile); the twin gives it TILE * 4."""

import asc
import numpy as np

TILE = 256


@asc.jit
def load_tile(q: asc.TQue, src: asc.GlobalTensor) -> None:
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, src, TILE)
    q.enque(t)


@asc.jit
def offset_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE)
    z_gm.set_global_buffer(z, TILE)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, TILE * 4)
    pipe.init_buffer(q_out, 1, TILE * 4)
    load_tile(q_in, x_gm)
    a = q_in.deque(asc.float32)
    b = q_out.alloc_tensor(asc.float32)
    asc.adds(b, a, 1.5, TILE)
    q_out.enque(b)
    q_in.free_tensor(a)
    b = q_out.deque(asc.float32)
    asc.data_copy(z_gm, b, TILE)
    q_out.free_tensor(b)


def launch():
    x = np.linspace(-1, 1, TILE, dtype=np.float32)
    z = np.zeros_like(x)
    offset_kernel[1](x, z)
    return z, x + 1.5


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
