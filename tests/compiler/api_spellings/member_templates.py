"""Member templates of a tensor whose element type is a template parameter (nothing fixes the dtype of `src`):
C++ needs `t.template F<...>(...)` there, or it reads the `<` as less-than."""

import asc


@asc.jit
def hinted_copy(src: asc.GlobalAddress, dst: asc.GlobalAddress):
    src_gm = asc.GlobalTensor()
    src_gm.set_global_buffer(src, 512)
    src_gm.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_NORMAL, asc.CacheRwMode.READ)
    dst_gm = asc.GlobalTensor()
    dst_gm.set_global_buffer(dst, 512)
    dst_gm.set_l2_cache_hint()
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que, 1, 512 * src.dtype.sizeof())
    tile = que.alloc_tensor(src.dtype)
    asc.data_copy(tile, src_gm, 512)
    raw = tile.reinterpret_cast(asc.uint8)
    asc.dump_tensor(raw, 0, 64)
    asc.data_copy(dst_gm, tile, 512)
    que.free_tensor(tile)
