"""fwk.TPipe.alloc_event_id, rejected: a dtype given where the HardEvent goes."""

import asc
import numpy as np

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    event = pipe.alloc_event_id(asc.float32)
    asc.set_flag(asc.HardEvent.V_S, event)
    asc.wait_flag(asc.HardEvent.V_S, event)
    pipe.release_event_id(event)


def launch():
    x = np.zeros(N, np.float32)
    kernel[1](x, np.zeros_like(x), N)
