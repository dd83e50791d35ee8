"""CANN rejects: set_vector_mask with the lane count by keyword (CANN reads it from its positional arguments)."""

import asc
import numpy as np

N = 128


@asc.jit
def sync_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    t = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECCALC, addr=0, tile_size=N)
    asc.metrics_prof_start()
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V)
    asc.wait_flag(asc.HardEvent.MTE2_V)
    asc.set_flag(asc.HardEvent.MTE2_V, event_id=1)
    asc.wait_flag(event=asc.HardEvent.MTE2_V, event_id=1)
    length = 128
    asc.set_mask_count()
    asc.set_vector_mask(length=length, dtype=asc.float16, mode=asc.MaskMode.COUNTER)
    asc.adds(t, t, 1.0, N)
    asc.reset_mask()
    asc.set_mask_norm()
    asc.set_vector_mask(2**64 - 1, 2**64 - 1, dtype=asc.float16, mode=asc.MaskMode.NORMAL)
    asc.set_vector_mask(64, dtype=asc.float32, mode=asc.MaskMode.NORMAL)
    asc.reset_mask()
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.pipe_barrier(pipe=asc.PipeID.PIPE_ALL)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, t, N)
    asc.print_time_stamp(65577)
    x_int = 10
    asc.printf("%d", x_int)
    asc.printf("n=%d, scale=%f\n", n, 3.14)
    asc.printf("done\n")
    asc.metrics_prof_stop()
    if n > 4096:
        asc.trap()


def launch():
    x = np.ones(N, np.float16)
    sync_kernel[1](x, np.zeros_like(x), 128)
