"""fwk.TQueBind.enque / deque with the user positions (tensor, src_user_pos, dst_user_pos) and
(dtype, src_user_pos, dst_user_pos), positionally and by keyword."""

import asc
import numpy as np

N = 256


@asc.jit
def positions_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q_in, 1, N * 2)
    t = q_in.alloc_tensor(asc.float16)
    asc.data_copy(t, x_gm, N)
    q_in.enque(t, asc.TPosition.GM, asc.TPosition.VECIN)
    t = q_in.deque(asc.float16, asc.TPosition.GM, asc.TPosition.VECIN)
    asc.data_copy(y_gm, t, N)
    q_in.free_tensor(t)
    u = q_in.alloc_tensor(asc.float16)
    asc.data_copy(u, x_gm, N)
    q_in.enque(tensor=u, src_user_pos=asc.TPosition.GM, dst_user_pos=asc.TPosition.VECIN)
    u = q_in.deque(dtype=asc.float16, src_user_pos=asc.TPosition.GM, dst_user_pos=asc.TPosition.VECIN)
    asc.data_copy(y_gm, u, N)
    q_in.free_tensor(u)


def launch():
    x = np.zeros(N, np.float16)
    positions_kernel[1](x, np.zeros_like(x))
