"""CANN rejects: set_pad_value at a position other than MAX, VECIN or VECOUT (a ValueError at trace time)."""

import asc


@asc.jit
def bad_kernel() -> None:
    asc.set_pad_value(1, asc.TPosition.VECCALC)


def launch():
    bad_kernel[1]()
