"""data_copy_pad of 9 rows of 100 bytes into a 1024-byte TBuf: each row is padded to 128 bytes on the chip, so the
rows need 1152 bytes. CANN's tracer accepts it; on the device the last row overwrites the memory past the buffer
(PA611, PS102)."""

import asc
import numpy as np


@asc.jit
def pad_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    z_gm.set_global_buffer(z, 256)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    rows = buf.get(asc.float32)
    asc.data_copy_pad(rows, x_gm, asc.DataCopyExtParams(9, 100, 0, 0, 0), asc.DataCopyPadExtParams(asc.float32))
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm, rows, 256)


def launch():
    x = np.ones(1024, np.float32)
    z = np.zeros(256, np.float32)
    pad_kernel[1](x, z)
