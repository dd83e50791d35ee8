"""Language: `assert` and asc.static_assert on compile-time conditions, with f-string messages that read module
constants and run-time values (the tracer formats the message while it checks the condition)."""

import asc
import numpy as np

BLOCK = 256
LANES = 64


@asc.jit
def kernel(x: asc.GlobalAddress, n: int) -> None:
    assert BLOCK % LANES == 0, f"BLOCK={BLOCK} is not a multiple of LANES={LANES}"
    assert BLOCK // LANES <= 8, f"{BLOCK // LANES} tiles for n={n}"
    asc.static_assert(LANES >= 32, f"LANES={LANES} is below 32 (n={n!r})")
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, BLOCK)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, BLOCK * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, BLOCK)
    for k in asc.static_range(BLOCK // LANES):
        assert k < 4, f"tile {k}"
        asc.relu(t[k * LANES:], t[k * LANES:], LANES)
    asc.data_copy(x_gm, t, BLOCK)


def launch():
    kernel[1](np.zeros(BLOCK, np.float32), BLOCK)
