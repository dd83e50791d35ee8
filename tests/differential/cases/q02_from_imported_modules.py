"""A vector add written through modules imported by name: `from asc.language.core import enums as e`,
`import asc.language.basic as basic`, `from asc.language.core import dtype`, and the attribute chains
`asc.language.fwk.tpipe.TPipe` and `asc.language.core.enums.TPosition` on asc itself."""

import asc
import asc.language.basic as basic
import numpy as np
from asc.language.core import dtype
from asc.language.core import enums as e

N = 256


@asc.jit
def from_modules_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.language.fwk.tpipe.TPipe()
    in_x = asc.TQue(e.TPosition.VECIN, 1)
    in_y = asc.TQue(asc.language.core.enums.TPosition.VECIN, 1)
    out_z = asc.TQue(e.TPosition.VECOUT, 1)
    pipe.init_buffer(in_x, 1, N * 2)
    pipe.init_buffer(in_y, 1, N * 2)
    pipe.init_buffer(out_z, 1, N * 2)
    x_local = in_x.alloc_tensor(dtype.float16)
    y_local = in_y.alloc_tensor(dtype.float16)
    basic.data_copy(x_local, x_gm, N)
    basic.data_copy(y_local, y_gm, N)
    in_x.enque(x_local)
    in_y.enque(y_local)
    x_local = in_x.deque(dtype.float16)
    y_local = in_y.deque(dtype.float16)
    z_local = out_z.alloc_tensor(dtype.float16)
    basic.add(z_local, x_local, y_local, N)
    out_z.enque(z_local)
    in_x.free_tensor(x_local)
    in_y.free_tensor(y_local)
    z_local = out_z.deque(dtype.float16)
    basic.data_copy(z_gm, z_local, N)
    out_z.free_tensor(z_local)


def launch():
    x = np.arange(N, dtype=np.float16)
    from_modules_kernel[1](x, x, np.zeros(N, np.float16))
