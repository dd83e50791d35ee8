"""fwk.TQue: a depth-2 double-buffered pipeline with init_buffer(que=, num=, len=) keywords, and the queue queries
has_idle_buffer, vacant_in_que, has_tensor_in_que and get_tensor_count_in_que used as run-time values."""

import asc
import numpy as np

TILE = 128


@asc.jit
def queue_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, flags: asc.GlobalAddress, tiles: int) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    flags_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE * tiles)
    y_gm.set_global_buffer(y, TILE * tiles)
    flags_gm.set_global_buffer(flags, 8)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 2)
    q_out = asc.TQue(pos=asc.TPosition.VECOUT, depth=2)
    pipe.init_buffer(que=q_in, num=2, len=TILE * 2)
    pipe.init_buffer(q_out, num=2, len=TILE * 2)
    idle = q_in.has_idle_buffer()
    for i in range(tiles):
        a = q_in.alloc_tensor(asc.half)
        asc.data_copy(a, x_gm[i * TILE:], TILE)
        q_in.enque(a)
        waiting = q_in.get_tensor_count_in_que()
        flags_gm.set_value(0, waiting)
        a = q_in.deque(asc.half)
        b = q_out.alloc_tensor(asc.half)
        asc.abs(b, a, TILE)
        q_out.enque(b)
        q_in.free_tensor(a)
        b = q_out.deque(asc.half)
        asc.data_copy(y_gm[i * TILE:], b, TILE)
        q_out.free_tensor(b)
    vacant = q_out.vacant_in_que()
    pending = q_out.has_tensor_in_que()
    if idle:
        flags_gm.set_value(1, 1)
    if vacant:
        flags_gm.set_value(2, 1)
    if pending:
        flags_gm.set_value(3, 1)


def launch():
    x = np.zeros(TILE * 4, np.float16)
    queue_kernel[2](x, np.zeros_like(x), np.zeros(8, np.int32), 4)
