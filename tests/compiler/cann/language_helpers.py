"""Compile-time helpers and call syntax: ceildiv (function and method), property, number, static_assert (folded
and, on a generic dtype, C++'s), inline C++, tensor call syntax t(i)."""

import asc

LANES = 64


@asc.jit
def tiles_of(src: asc.GlobalAddress, dst: asc.GlobalAddress, total: int):
    asc.static_assert(LANES % 8 == 0, "LANES must be a multiple of 8")
    asc.static_assert(src.dtype.sizeof() <= 4, "at most 32-bit elements")
    tiles = total.ceildiv(LANES)
    rounded = asc.ceildiv(total, 32) * 32
    fixed = asc.ceildiv(100, LANES)
    l1_bytes = asc.property(asc.TOTAL_L1_SIZE)
    step = asc.number(2, asc.int16)
    src_gm = asc.GlobalTensor()
    src_gm.set_global_buffer(src)
    dst_gm = asc.GlobalTensor()
    dst_gm.set_global_buffer(dst)
    pipe = asc.TPipe()
    staging = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(staging, LANES * 4 * 2)
    tile = staging.get(src.dtype)
    second = tile(LANES)
    asc.inline("AscendC::PipeBarrier<PIPE_ALL>();")
    for i in range(tiles):
        asc.data_copy(second, src_gm(i * LANES), LANES)
        asc.data_copy(dst_gm[i * LANES:], second, LANES)
    asc.printf("%d %d %d %d %d\n", tiles, rounded, fixed, l1_bytes, step)
