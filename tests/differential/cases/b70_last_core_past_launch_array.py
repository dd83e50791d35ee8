"""Eight cores each take 256 elements of x (set_global_buffer(x + get_block_idx() * 256, 256)), but the launch's
array holds 2000: the last core's window ends at 2048. CANN's tracer accepts it; on the device core 7 reads Global
Memory past the array (PA613 on the set_global_buffer line, where the simulator stops: PS101)."""

import asc
import numpy as np

BLOCK = 256


@asc.jit
def cores_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + asc.get_block_idx() * BLOCK, BLOCK)
    z_gm.set_global_buffer(z + asc.get_block_idx() * BLOCK, BLOCK)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(in_queue, 1, BLOCK * 4)
    x_local = in_queue.alloc_tensor(asc.float32)
    asc.data_copy(x_local, x_gm, BLOCK)
    in_queue.enque(x_local)
    x_local = in_queue.deque(asc.float32)
    asc.data_copy(z_gm, x_local, BLOCK)
    in_queue.free_tensor(x_local)


def launch():
    x = np.ones(2000, dtype=np.float32)
    z = np.zeros(8 * BLOCK, dtype=np.float32)
    cores_kernel[8](x, z)
