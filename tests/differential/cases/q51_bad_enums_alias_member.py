"""Rejected: an enum the aliased enums module does not have (`enums.TPositon`, a misspelling of TPosition)."""

import asc
import asc.language.core.enums as enums
import numpy as np

N = 128


@asc.jit
def bad_member_kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(enums.TPositon.VECCALC)
    pipe.init_buffer(buf, N * 2)
    t = buf.get(asc.float16)
    asc.data_copy(t, x_gm, N)


def launch():
    bad_member_kernel[1](np.zeros(N, np.float16))
