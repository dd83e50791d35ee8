"""A level-0 add of float32 tiles with mask 64 (one repeat = 64 float32) whose repeat count was computed as
TILE // 32 (32 elements a repeat), twice the repeats the tile holds; the twin uses
TILE // 64."""

import asc
import numpy as np

TILE = 512
MASK = 64


@asc.jit
def add_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE)
    y_gm.set_global_buffer(y, TILE)
    z_gm.set_global_buffer(z, TILE)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qy = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qx, 1, TILE * 4)
    pipe.init_buffer(qy, 1, TILE * 4)
    pipe.init_buffer(qz, 1, TILE * 4)
    a = qx.alloc_tensor(asc.float32)
    b = qy.alloc_tensor(asc.float32)
    asc.data_copy(a, x_gm, TILE)
    asc.data_copy(b, y_gm, TILE)
    qx.enque(a)
    qy.enque(b)
    a = qx.deque(asc.float32)
    b = qy.deque(asc.float32)
    c = qz.alloc_tensor(asc.float32)
    repeat = TILE // 32
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    asc.add(c, a, b, MASK, repeat, params)  # expect: vec_over_slice
    qz.enque(c)
    qx.free_tensor(a)
    qy.free_tensor(b)
    c = qz.deque(asc.float32)
    asc.data_copy(z_gm, c, TILE)
    qz.free_tensor(c)


def launch():
    x = np.arange(TILE, dtype=np.float32)
    y = np.ones(TILE, np.float32)
    z = np.zeros_like(x)
    add_kernel[1](x, y, z)
    return z, x + y


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
