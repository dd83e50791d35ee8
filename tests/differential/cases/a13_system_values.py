"""System values used as a CANN user would: get_block_idx and get_block_num to split the work,
get_data_block_size_in_bytes for a block count, and get_sub_block_idx, get_task_ratio, get_program_counter,
get_system_cycle, get_icache_preload_status read into scalars; init_soc_state and icache_preload called."""

import asc
import numpy as np

TOTAL = 2048


@asc.jit
def system_values_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    asc.init_soc_state()
    asc.icache_preload(2)
    per_core = TOTAL // asc.get_block_num()
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + asc.get_block_idx() * per_core, per_core)
    z_gm.set_global_buffer(z + asc.get_block_idx() * per_core, per_core)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    block_bytes = asc.get_data_block_size_in_bytes()
    elems = block_bytes * 8 // 4
    asc.data_copy(t, x_gm, elems)
    sub = asc.get_sub_block_idx()
    ratio = asc.get_task_ratio()
    pc = asc.get_program_counter()
    start = asc.get_system_cycle()
    status = asc.get_icache_preload_status()
    asc.printf("sub %d ratio %d pc %d cycle %d status %d\n", sub, ratio, pc, start, status)
    asc.data_copy(z_gm, t, elems)


def launch():
    x = np.ones(TOTAL, np.float32)
    system_values_kernel[4](x, np.zeros_like(x))
