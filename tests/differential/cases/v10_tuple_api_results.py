"""An asc API's tuple result held in a name (`cfg = asc.get_store_atomic_config()`), unpacked and indexed later:
its values are out-arguments of their own."""

import asc
import numpy as np

N = 128


@asc.jit
def atomic_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    config = asc.get_store_atomic_config()
    kind, op = config
    asc.printf("atomic %d %d %d\n", kind, op, config[1])
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, N)
    q.enque(t)
    t = q.deque(asc.float32)
    asc.data_copy(y_gm, t, N)
    q.free_tensor(t)


def launch():
    atomic_kernel[1](np.arange(N, dtype=np.float32), np.zeros(N, np.float32))
