"""Workspace and cache APIs whose C++ overloads take one element type only: the int32 workspaces of the software
barriers and data_cache_preload's uint64 tensor type a GM address nothing else types (no DTYPE template)."""

import asc

CORES = 8


@asc.jit
def ordered_accumulate(workspace: asc.GlobalAddress, counters: asc.GlobalAddress):
    ws_gm = asc.GlobalTensor()
    ws_gm.set_global_buffer(workspace, CORES * 8)
    pipe = asc.TPipe()
    staging = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(staging, 256)
    ws_ub = staging.get(asc.int32)
    asc.wait_pre_block(ws_gm, ws_ub)
    asc.notify_next_block(ws_gm, ws_ub)
    asc.sync_all(ws_gm, ws_ub, used_cores=CORES)
    flags_gm = asc.GlobalTensor()
    flags_gm.set_global_buffer(counters)
    flags_ub = asc.LocalTensor(dtype=asc.int32, pos=asc.TPosition.VECIN, addr=0, tile_size=32)
    block = asc.get_block_idx()
    asc.ib_set(flags_gm, flags_ub, block_idx=block, event_id=0)
    asc.ib_wait(flags_gm, flags_ub, block_idx=(block + 1) % CORES, event_id=0)


@asc.jit
def warm_table(table: asc.GlobalAddress):
    table_gm = asc.GlobalTensor()
    table_gm.set_global_buffer(table)
    asc.data_cache_preload(src=table_gm, cache_offset=1024)
    asc.data_cache_preload(table_gm, 2048)
