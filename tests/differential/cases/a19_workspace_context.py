"""get_sys_workspace and get_hccl_context: Global Memory addresses (of bytes) set up as GlobalTensors."""

import asc
import numpy as np


@asc.jit
def workspace_kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    workspace = asc.get_sys_workspace()
    ws_gm = asc.GlobalTensor()
    ws_gm.set_global_buffer(workspace)
    ctx = asc.get_hccl_context(1)
    ctx_gm = asc.GlobalTensor()
    ctx_gm.set_global_buffer(ctx, 64)
    asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, ws_gm)


def launch():
    workspace_kernel[1](np.zeros(64, np.float32))
