"""The tail (TAIL float32 past the last full tile) is folded into the last tile, so the helper that copies in
receives TILE + TAIL elements for a queue buffer of TILE; the twin copies the tail as a tile of its own."""

import asc
import numpy as np

TILE = 256
TILES = 4
TAIL = 64
N = TILES * TILE + TAIL


@asc.jit
def copy_in(que: asc.TQue, src: asc.GlobalTensor, offset: int, count: int) -> None:
    t = que.alloc_tensor(asc.float32)
    asc.data_copy(t, src[offset:], count)
    que.enque(t)


@asc.jit
def compute_out(q_in: asc.TQue, q_out: asc.TQue, dst: asc.GlobalTensor, offset: int, count: int) -> None:
    a = q_in.deque(asc.float32)
    b = q_out.alloc_tensor(asc.float32)
    asc.adds(b, a, 1.0, count)
    q_out.enque(b)
    q_in.free_tensor(a)
    b = q_out.deque(asc.float32)
    asc.data_copy(dst[offset:], b, count)
    q_out.free_tensor(b)


@asc.jit
def inc_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 2)
    q_out = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(q_in, 2, TILE * 4)
    pipe.init_buffer(q_out, 2, (TILE + TAIL) * 4)
    for i in range(TILES - 1):
        copy_in(q_in, x_gm, i * TILE, TILE)
        compute_out(q_in, q_out, z_gm, i * TILE, TILE)
    copy_in(q_in, x_gm, (TILES - 1) * TILE, TILE)
    compute_out(q_in, q_out, z_gm, (TILES - 1) * TILE, TILE)
    copy_in(q_in, x_gm, TILES * TILE, TAIL)
    compute_out(q_in, q_out, z_gm, TILES * TILE, TAIL)


def launch():
    x = np.arange(N, dtype=np.float32)
    z = np.zeros_like(x)
    inc_kernel[1](x, z)
    return z, x + 1


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
