"""The kernel the article's `vec_add` launches: `Kernel("vec_add_kernel")` with `tiling = [32, 1, 1, length // 32]`.

    tiling[0]  block dim: cores (32)
    tiling[1]  a_scale:   c = a_scale * a + b_scale * b (1: a plain add)
    tiling[2]  b_scale
    tiling[3]  block_length: elements per core (length // 32); a multiple of 8 (one 32-byte block of float32)

Each core adds its block in tiles of TILE elements, double-buffered, and a shorter last tile.
"""

import pyasc as asc

TILE = 4096
BUFFER_NUM = 2


@asc.jit
def vec_add_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, a_scale: int, b_scale: int,
                   block_length: int) -> None:
    offset = asc.get_block_idx() * block_length
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a + offset, block_length)
    b_gm.set_global_buffer(b + offset, block_length)
    c_gm.set_global_buffer(c + offset, block_length)
    pipe = asc.TPipe()
    in_a = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_b = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_c = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    pipe.init_buffer(in_a, BUFFER_NUM, TILE * 4)
    pipe.init_buffer(in_b, BUFFER_NUM, TILE * 4)
    pipe.init_buffer(out_c, BUFFER_NUM, TILE * 4)
    tiles = (block_length + TILE - 1) // TILE
    for i in range(tiles):
        start = i * TILE
        n = TILE if start + TILE <= block_length else block_length - start
        x = in_a.alloc_tensor(asc.float32)
        y = in_b.alloc_tensor(asc.float32)
        asc.data_copy(x, a_gm[start:], n)
        asc.data_copy(y, b_gm[start:], n)
        in_a.enque(x)
        in_b.enque(y)
        x = in_a.deque(asc.float32)
        y = in_b.deque(asc.float32)
        z = out_c.alloc_tensor(asc.float32)
        asc.muls(x, x, a_scale, n)
        asc.muls(y, y, b_scale, n)
        asc.add(z, x, y, n)
        out_c.enque(z)
        in_a.free_tensor(x)
        in_b.free_tensor(y)
        z = out_c.deque(asc.float32)
        asc.data_copy(c_gm[start:], z, n)
        out_c.free_tensor(z)
