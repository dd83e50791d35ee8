"""Point 2: `asc.static_range` is unrolled at compile time, as CANN's tracer runs it: in each copy of the body the
loop variable is an int, so an `if` on it keeps one branch, it indexes compile-time tuples and lists and sizes
calls; the copies are straight-line code, so a name the body assigns is visible after the loop."""

import asc

STAGES = (2.0, 0.5)
WIDTH = 64


@asc.jit
def stages(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, WIDTH * 2)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, WIDTH * 8)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, WIDTH * 2)
    for stage in asc.static_range(len(STAGES)):
        part = t[stage * WIDTH:]
        if stage == 0:
            asc.muls(part, part, STAGES[stage], WIDTH)
        else:
            asc.adds(part, part, STAGES[stage], WIDTH // (stage + 1))
    asc.relu(part, part, WIDTH)
    asc.data_copy(x_gm, t, WIDTH * 2)
