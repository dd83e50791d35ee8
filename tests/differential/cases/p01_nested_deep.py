"""Point 1: a kernel nested two functions deep, with no parameters (CANN's API unit tests look like this)."""

import asc


def outer():
    def inner():
        @asc.jit
        def kernel() -> None:
            asc.set_pad_value(7)
            asc.pipe_barrier(asc.PipeID.PIPE_ALL)

        kernel[1]()

    inner()


def launch():
    outer()
