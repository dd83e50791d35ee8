"""CANN rejects: scalar_cast to uint32 (CANN's scalar_cast converts to int32 or float16 only)."""

import asc


@asc.jit
def bad_kernel(f: float) -> None:
    value = asc.scalar_cast(f, asc.uint32, asc.RoundMode.CAST_ROUND)
    asc.printf("%u\n", value)


def launch():
    bad_kernel[1](2.5)
