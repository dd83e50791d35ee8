"""Point 1 baseline: a module-level kernel with a queue pipeline (copy in, scale, copy out)."""

import asc
import numpy as np

TILE = 128


@asc.jit
def scale_kernel(src: asc.GlobalAddress, dst: asc.GlobalAddress, n: int) -> None:
    src_gm = asc.GlobalTensor()
    dst_gm = asc.GlobalTensor()
    src_gm.set_global_buffer(src, n)
    dst_gm.set_global_buffer(dst, n)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, TILE * 4)
    pipe.init_buffer(q_out, 1, TILE * 4)
    for i in range(n // TILE):
        a = q_in.alloc_tensor(asc.float32)
        asc.data_copy(a, src_gm[i * TILE:], TILE)
        q_in.enque(a)
        a = q_in.deque(asc.float32)
        b = q_out.alloc_tensor(asc.float32)
        asc.muls(b, a, 2.0, TILE)
        q_out.enque(b)
        q_in.free_tensor(a)
        b = q_out.deque(asc.float32)
        asc.data_copy(dst_gm[i * TILE:], b, TILE)
        q_out.free_tensor(b)


def launch():
    x = np.zeros(1024, np.float32)
    scale_kernel[4](x, np.zeros_like(x), 256)
