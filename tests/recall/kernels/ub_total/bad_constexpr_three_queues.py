"""Three queues of `tile` float32 each, with the tile a ConstExpr the launch fixes at 16,384 (64 KiB): 192 KiB in
all, past the 184 KiB of the Unified Buffer; the twin launches tile=8192."""

import asc
import numpy as np

TOTAL = 32768


@asc.jit
def add_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, tile: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TOTAL)
    y_gm.set_global_buffer(y, TOTAL)
    z_gm.set_global_buffer(z, TOTAL)
    pipe = asc.TPipe()
    q_x = asc.TQue(asc.TPosition.VECIN, 1)
    q_y = asc.TQue(asc.TPosition.VECIN, 1)
    q_z = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_x, 1, tile * 4)
    pipe.init_buffer(q_y, 1, tile * 4)
    pipe.init_buffer(q_z, 1, tile * 4)  # expect: ub_total
    for i in range(TOTAL // tile):
        a = q_x.alloc_tensor(asc.float32)
        b = q_y.alloc_tensor(asc.float32)
        asc.data_copy(a, x_gm[i * tile:], tile)
        asc.data_copy(b, y_gm[i * tile:], tile)
        q_x.enque(a)
        q_y.enque(b)
        a = q_x.deque(asc.float32)
        b = q_y.deque(asc.float32)
        c = q_z.alloc_tensor(asc.float32)
        asc.add(c, a, b, tile)
        q_z.enque(c)
        q_x.free_tensor(a)
        q_y.free_tensor(b)
        c = q_z.deque(asc.float32)
        asc.data_copy(z_gm[i * tile:], c, tile)
        q_z.free_tensor(c)


def launch():
    x = np.arange(TOTAL, dtype=np.float32)
    y = np.ones(TOTAL, np.float32)
    z = np.zeros_like(x)
    add_kernel[1](x, y, z, 16384)
    return z, x + y


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
