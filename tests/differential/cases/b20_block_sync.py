"""Cross-core synchronization: sync_all hard and soft (GM and UB int32 workspaces,
used_cores by keyword), wait_pre_block / notify_next_block around a per-core step, set_hccl_context."""

import asc
import numpy as np

N = 256


@asc.jit
def block_sync_kernel(x: asc.GlobalAddress, work: asc.GlobalAddress, ctx: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    gm = asc.GlobalTensor()
    gm.set_global_buffer(work, 8 * 32)
    ub = asc.LocalTensor(dtype=asc.int32, pos=asc.TPosition.VECIN, addr=0, tile_size=32)
    t = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.VECCALC, addr=1024, tile_size=N)
    asc.set_hccl_context(0, ctx)
    asc.sync_all()
    asc.sync_all(gm, ub, used_cores=0)
    asc.sync_all(gm, ub, 8, True)
    asc.wait_pre_block(gm, ub)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(t, t, 1.0, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(x_gm, t, N)
    asc.notify_next_block(gm, ub)


def launch():
    x = np.ones(N, np.float32)
    block_sync_kernel[8](x, np.zeros(8 * 32, np.int32), np.zeros(64, np.uint8))
