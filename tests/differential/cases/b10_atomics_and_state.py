"""Global-memory atomics and core state: set_atomic_add/max/min/type with a dtype (positional and bound to a name),
set_atomic_none, set_store_atomic_config, set_pad_value with and without a position, set_deq_scale in its scalar
forms, set_hf32_mode / set_hf32_trans_mode / set_mm_layout_transform, set_fix_pipe_pre_quant_flag."""

import asc
import numpy as np

N = 256


@asc.jit
def atomic_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, flag: int) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, N * 4)
    t = q.alloc_tensor(asc.float32)
    asc.duplicate(t, 1.0, N)
    q.enque(t)
    t = q.deque(asc.float32)
    dtype = asc.float32
    asc.set_atomic_type(dtype)
    asc.set_atomic_add(asc.float32)
    asc.data_copy(y_gm, t, N)
    asc.set_atomic_max(dtype)
    asc.data_copy(y_gm, t, N)
    asc.set_atomic_min(asc.float32)
    asc.data_copy(y_gm, t, N)
    asc.set_atomic_none()
    asc.set_store_atomic_config(asc.AtomicDtype.ATOMIC_F32, asc.AtomicOp.ATOMIC_SUM)
    q.free_tensor(t)
    asc.set_pad_value(37)
    asc.set_pad_value(37, asc.TPosition.VECIN)
    asc.set_pad_value(padding_value=0.5, pos=asc.TPosition.VECOUT)
    asc.set_deq_scale(1.0)
    asc.set_deq_scale(1.0, 0, True)
    asc.set_deq_scale(scale=0.5, offset=2, sign_mode=False)
    asc.set_hf32_mode(True)
    asc.set_hf32_trans_mode(False)
    asc.set_mm_layout_transform(flag > 0)
    asc.set_fix_pipe_pre_quant_flag(flag)


def launch():
    x = np.ones(N, np.float32)
    atomic_kernel[1](x, np.zeros_like(x), 1)
