"""LocalMemAllocator.alloc with a size known at compile time and one known at run time: both are the header's
Alloc<pos, T>(tileSize) form (the <pos, T, tileSize> template form takes no run-time size)."""

import asc

TILE = 128


@asc.jit
def staged_scale(src: asc.GlobalAddress, dst: asc.GlobalAddress, rows: int):
    src_gm = asc.GlobalTensor()
    src_gm.set_global_buffer(src)
    dst_gm = asc.GlobalTensor()
    dst_gm.set_global_buffer(dst)
    allocator = asc.LocalMemAllocator()
    fixed = allocator.alloc(asc.TPosition.VECIN, asc.float32, TILE)
    sized = allocator.alloc(asc.TPosition.VECOUT, asc.float32, rows * TILE)
    asc.data_copy(fixed, src_gm, TILE)
    asc.muls(sized, fixed, 2.0, TILE)
    asc.data_copy(dst_gm, sized, TILE)
