"""Point 5: a helper returning a tuple, unpacked by the caller (C++ out-parameters), and a helper parameter with a
Python default, specialized per call so that `if transposed:` folds."""

import asc

TILE = 128


@asc.jit
def tile_range(index: int, size: int):
    first = index * size
    return first, first + size


@asc.jit
def scale_rows(t: asc.LocalTensor, count: int, transposed: bool = False, factor: float = 2.0) -> None:
    if transposed:
        asc.muls(t, t, factor, count)
    else:
        asc.adds(t, t, factor, count)


@asc.jit
def rows(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE * 8)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, TILE * 4)
    t = buf.get(asc.float32)
    begin, end = tile_range(asc.get_block_idx(), TILE)
    asc.data_copy(t, x_gm[begin:], TILE)
    scale_rows(t, end - begin)
    scale_rows(t, TILE, transposed=True, factor=0.5)
    asc.data_copy(x_gm[begin:], t, TILE)
