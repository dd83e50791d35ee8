"""A helper's two results held in one name and unpacked later (`offs = offsets(...)` then `a, b = offs`): each
result is its own variable, the unpacked names read them."""

import asc
import numpy as np

N = 512
TILE = 128


@asc.jit
def tile_bounds(block: int, tile: int):
    start = block * tile
    return start, start + tile


@asc.jit
def shift_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_in, 1, TILE * 4)
    pipe.init_buffer(q_out, 1, TILE * 4)
    bounds = tile_bounds(asc.get_block_idx(), TILE)
    lo, hi = bounds
    src = q_in.alloc_tensor(asc.float32)
    asc.data_copy(src, x_gm[lo:], TILE)
    q_in.enque(src)
    src = q_in.deque(asc.float32)
    dst = q_out.alloc_tensor(asc.float32)
    asc.adds(dst, src, 1.0, hi - lo)
    q_out.enque(dst)
    q_in.free_tensor(src)
    dst = q_out.deque(asc.float32)
    asc.data_copy(y_gm[lo:], dst, TILE)
    q_out.free_tensor(dst)


def launch():
    shift_kernel[4](np.arange(N, dtype=np.float32), np.zeros(N, np.float32))
