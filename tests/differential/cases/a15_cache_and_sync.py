"""Caches and cross-core synchronization: data_cache_preload (keywords as on its page), data_cache_clean_and_invalid
with and without dcci_dst (keywords, and positionally in CANN's parameter order), data_sync_barrier,
cross_core_set_flag / cross_core_wait_flag, ib_set / ib_wait on a Global Memory workspace."""

import asc
import numpy as np

N = 256


@asc.jit
def cache_sync_kernel(x: asc.GlobalAddress, w: asc.GlobalAddress, sync: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    weight_gm = asc.GlobalTensor()
    weight_gm.set_global_buffer(w, N)
    asc.data_cache_preload(src=weight_gm, cache_offset=0)
    asc.data_cache_preload(weight_gm, 64)
    asc.data_cache_clean_and_invalid(entire_type=asc.CacheLine.SINGLE_CACHE_LINE, dcci_dst=asc.DcciDst.CACHELINE_OUT,
                                     dst=x_gm)
    asc.data_cache_clean_and_invalid(entire_type=asc.CacheLine.SINGLE_CACHE_LINE, dst=x_gm)
    asc.data_cache_clean_and_invalid(asc.CacheLine.ENTIRE_DATA_CACHE, x_gm)
    asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, x_gm, asc.DcciDst.CACHELINE_ALL)
    asc.data_sync_barrier(asc.MemDsbT.ALL)
    asc.cross_core_set_flag(flag_id=0, mode_id=0, pipe=asc.PipeID.PIPE_V)
    asc.cross_core_wait_flag(0, 0, asc.PipeID.PIPE_V)
    gm = asc.GlobalTensor()
    gm.set_global_buffer(sync, 64)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    ub = buf.get(asc.int32)
    asc.ib_set(gm, ub, block_idx=0, event_id=0)
    asc.ib_wait(gm, ub, 0, 0, True)


def launch():
    x = np.ones(N, np.float32)
    cache_sync_kernel[1](x, np.zeros(N, np.uint64), np.zeros(64, np.int32))
