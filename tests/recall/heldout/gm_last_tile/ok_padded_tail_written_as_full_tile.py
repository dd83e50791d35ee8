"""data_copy_pad in and out with DataCopyExtParams; the tail (under `if`) is read with its own byte length but
written back with the full tile's tile * 4 bytes, past the output's end; the twin writes the tail's bytes."""

import asc
import numpy as np

TILE = 256
TOTAL = 3 * TILE + 40


@asc.jit
def pad_copy_in(q: asc.TQue, src: asc.GlobalTensor, offset: int, count: int) -> None:
    a = q.alloc_tensor(asc.float32)
    asc.data_copy_pad(a, src[offset:], asc.DataCopyExtParams(1, count * 4, 0, 0, 0),
                      asc.DataCopyPadExtParams(asc.float32, False, 0, 0, 0))
    q.enque(a)


@asc.jit
def halve_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TOTAL)
    z_gm.set_global_buffer(z, TOTAL)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, TILE * 4)
    pipe.init_buffer(q_out, 1, TILE * 4)
    for i in range(TOTAL // TILE):
        pad_copy_in(q_in, x_gm, i * TILE, TILE)
        a = q_in.deque(asc.float32)
        b = q_out.alloc_tensor(asc.float32)
        asc.muls(b, a, 0.5, TILE)
        q_out.enque(b)
        q_in.free_tensor(a)
        b = q_out.deque(asc.float32)
        asc.data_copy_pad(z_gm[i * TILE:], b, asc.DataCopyExtParams(1, TILE * 4, 0, 0, 0))
        q_out.free_tensor(b)
    tail = TOTAL % TILE
    if tail > 0:
        start = TOTAL - tail
        pad_copy_in(q_in, x_gm, start, tail)
        a = q_in.deque(asc.float32)
        b = q_out.alloc_tensor(asc.float32)
        asc.muls(b, a, 0.5, TILE)
        q_out.enque(b)
        q_in.free_tensor(a)
        b = q_out.deque(asc.float32)
        asc.data_copy_pad(z_gm[start:], b, asc.DataCopyExtParams(1, tail * 4, 0, 0, 0))
        q_out.free_tensor(b)


def launch():
    x = np.arange(TOTAL, dtype=np.float32)
    z = np.zeros_like(x)
    halve_kernel[1](x, z)
    return z, x * np.float32(0.5)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
