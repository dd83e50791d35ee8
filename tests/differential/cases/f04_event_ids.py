"""fwk.TPipe.alloc_event_id / fetch_event_id / release_event_id through get_tpipe_ptr() and the pipe itself, with
the HardEvent given positionally, by keyword, and left to its default (V_S)."""

import asc
import numpy as np

N = 256


@asc.jit
def event_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 4)
    t = buf.get(asc.float32)
    load = asc.get_tpipe_ptr().alloc_event_id(asc.HardEvent.MTE2_V)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, load)
    asc.wait_flag(asc.HardEvent.MTE2_V, load)
    asc.get_tpipe_ptr().release_event_id(load, asc.HardEvent.MTE2_V)
    asc.exp(t, t, N)
    store = pipe.fetch_event_id(event=asc.HardEvent.V_MTE3)
    asc.set_flag(asc.HardEvent.V_MTE3, store)
    asc.wait_flag(asc.HardEvent.V_MTE3, store)
    asc.data_copy(y_gm, t, N)
    scalar_id = pipe.alloc_event_id()
    asc.set_flag(asc.HardEvent.V_S, scalar_id)
    asc.wait_flag(asc.HardEvent.V_S, scalar_id)
    pipe.release_event_id(scalar_id)


def launch():
    x = np.zeros(N, np.float32)
    event_kernel[1](x, np.zeros_like(x))
