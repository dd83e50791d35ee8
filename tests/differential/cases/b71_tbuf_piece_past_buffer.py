"""Two halves of a 1024-byte TBuf through get_with_offset, the second taken at byte 768 with 128 float32 (512
bytes): it reaches byte 1280. CANN's tracer accepts it; on the device the piece is memory past the buffer (PA614,
the simulator stops at the get_with_offset, PS102)."""

import asc
import numpy as np


@asc.jit
def halves_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)
    z_gm.set_global_buffer(z, 128)
    pipe = asc.TPipe()
    scratch = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(scratch, 1024)
    low = scratch.get_with_offset(128, 0, asc.float32)
    high = scratch.get_with_offset(128, 768, asc.float32)
    asc.data_copy(low, x_gm, 128)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(high, low, 2.0, 128)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, high, 128)


def launch():
    x = np.ones(128, np.float32)
    z = np.zeros(128, np.float32)
    halves_kernel[1](x, z)
