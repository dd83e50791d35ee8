"""Names that are both a module and an API of CANN's package: the package binds the API over the module, so
`import asc.language.basic.data_copy as copy_in` is the function data_copy and `asc.language.core.range` the
loop range."""

import asc
import asc.language.basic.data_copy as copy_in
import numpy as np
from asc.language.basic import dump_tensor

N = 128


@asc.jit
def shadowed_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 2)
    t = buf.get(asc.float16)
    copy_in(t, x_gm, N)
    for _i in asc.language.core.range(2):
        asc.adds(t, t, 1.0, N)
    dump_tensor(t, 0, 8)
    asc.language.basic.data_copy(z_gm, t, N)


def launch():
    shadowed_kernel[1](np.zeros(N, np.float16), np.zeros(N, np.float16))
