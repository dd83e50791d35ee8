"""CANN rejects: set_atomic_add without a dtype (its page shows none, CANN's function requires one)."""

import asc


@asc.jit
def bad_kernel() -> None:
    asc.set_atomic_add()
    asc.set_atomic_none()


def launch():
    bad_kernel[1]()
