"""Language: compile-time Python in a kernel: tuples and lists indexed (negative too) and sliced, concatenated and
repeated, unpacked; arithmetic on big ints (a 64-bit mask split in halves) and on floats; f-strings of them."""

import asc
import numpy as np

SHAPE = (4, 8, 256)
MASK = 2 ** 64 - 1


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    rows, cols = SHAPE[-2:]
    sizes = [cols // 2, cols] + [cols * 2]
    pads = (0,) * 3
    hi, lo = MASK >> 32, MASK & 0xFFFFFFFF
    asc.static_assert(hi == lo, f"halves {hi} {lo}")
    label = f"{rows}x{cols}"
    asc.static_assert(len(label) == 5, label)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, rows * cols)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, sizes[-1] * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, sizes[1] + pads[0])
    asc.muls(t, t, 1.5 * 2 - 0.25, sizes[1])
    asc.data_copy(x_gm, t, SHAPE[2])


def launch():
    kernel[1](np.zeros(2048, np.float32))
