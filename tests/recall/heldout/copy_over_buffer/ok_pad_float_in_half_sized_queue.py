"""Double-buffered data_copy_pad of float32 tiles whose tile and total the launch gives as ConstExpr; the input
queue was sized tile * 2 bytes (copied from a float16 kernel) while each copy moves tile * 4; the twin sizes it
tile * 4."""

import asc
import numpy as np


@asc.jit
def scale_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, total: asc.ConstExpr[int],
                 tile: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, total)
    z_gm.set_global_buffer(z, total)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 2)
    q_out = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(q_in, 2, tile * 4)
    pipe.init_buffer(q_out, 2, tile * 4)
    ext = asc.DataCopyExtParams(1, tile * 4, 0, 0, 0)
    pad = asc.DataCopyPadExtParams(asc.float32, False, 0, 0, 0)
    for i in range(total // tile):
        a = q_in.alloc_tensor(asc.float32)
        asc.data_copy_pad(a, x_gm[i * tile:], ext, pad)
        q_in.enque(a)
        a = q_in.deque(asc.float32)
        b = q_out.alloc_tensor(asc.float32)
        asc.muls(b, a, 0.25, tile)
        q_out.enque(b)
        q_in.free_tensor(a)
        b = q_out.deque(asc.float32)
        asc.data_copy_pad(z_gm[i * tile:], b, ext)
        q_out.free_tensor(b)


def launch():
    x = np.arange(1024, dtype=np.float32)
    z = np.zeros_like(x)
    scale_kernel[1](x, z, 1024, 128)
    return z, x * np.float32(0.25)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
