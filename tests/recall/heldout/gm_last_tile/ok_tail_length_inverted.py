"""Full tiles in a loop, then the tail under `if`, with total and tile ConstExpr from the launch; the tail length
was written tile - total % tile (what is missing to a full tile) instead of total % tile, so the tail copy runs
past the input; the twin uses total % tile."""

import asc
import numpy as np


@asc.jit
def exp_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, total: asc.ConstExpr[int],
               tile: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, total)
    z_gm.set_global_buffer(z, total)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, tile * 4)
    pipe.init_buffer(q_out, 1, tile * 4)
    full = total // tile
    tail = total % tile
    for i in range(full):
        a = q_in.alloc_tensor(asc.float32)
        asc.data_copy(a, x_gm[i * tile:], tile)
        q_in.enque(a)
        a = q_in.deque(asc.float32)
        b = q_out.alloc_tensor(asc.float32)
        asc.exp(b, a, tile)
        q_out.enque(b)
        q_in.free_tensor(a)
        b = q_out.deque(asc.float32)
        asc.data_copy(z_gm[i * tile:], b, tile)
        q_out.free_tensor(b)
    if tail > 0:
        a = q_in.alloc_tensor(asc.float32)
        asc.data_copy(a, x_gm[full * tile:], tail)
        q_in.enque(a)
        a = q_in.deque(asc.float32)
        b = q_out.alloc_tensor(asc.float32)
        asc.exp(b, a, tail)
        q_out.enque(b)
        q_in.free_tensor(a)
        b = q_out.deque(asc.float32)
        asc.data_copy(z_gm[full * tile:], b, tail)
        q_out.free_tensor(b)


def launch():
    x = (np.arange(832) % 16 / 8).astype(np.float32)
    z = np.zeros_like(x)
    exp_kernel[1](x, z, 832, 256)
    return z, np.exp(x)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
