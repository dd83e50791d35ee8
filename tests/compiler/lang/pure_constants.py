"""Point 2: module constants computed by pure functions of constants (`math.*`, the numeric builtins) are
`constexpr` values; in a kernel, CANN's builtins (len, int, float, list, tuple, str) and `math` of compile-time
values are computed as the tracer computes them, and f-strings of compile-time locals are strings."""

import math
from math import ceil

import asc

GELU_C = math.sqrt(2 / math.pi)
LOG2E = 1 / math.log(2)
EPS = math.exp(-10)
LANES = ceil(100 / 32) * 32
ROWS = max(2, min(8, abs(-4)))
SHAPE = (ROWS, LANES)
NEG_INF = -math.inf


@asc.jit
def gelu_like(x: asc.GlobalAddress) -> None:
    rows = SHAPE[0]
    total = rows * SHAPE[len(SHAPE) - 1]
    tag = f"{len(SHAPE)}d:{rows}x{LANES:03d}"
    asc.static_assert(total % 32 == 0, f"{tag} must fill whole blocks")
    half = total // 2
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, total)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, total * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, total)
    asc.muls(t, t, GELU_C * LOG2E, total)
    asc.adds(t, t, EPS, half)
    asc.maxs(t, t, NEG_INF, total)
    asc.muls(t, t, math.pi / 2, total)
    asc.data_copy(x_gm, t, total)
