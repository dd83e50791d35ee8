"""pipe_barrier written back to back (V then ALL, V twice, ALL then MTE3), around vector work: CANN merges adjacent
barriers, we write each (compare.deliberate: merged barriers)."""

import asc
import numpy as np

N = 128


@asc.jit
def barrier_kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    t = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.VECCALC, addr=0, tile_size=N)
    asc.data_copy(t, x_gm, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.muls(t, t, 2.0, N)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.adds(t, t, 1.0, N)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.muls(t, t, 0.5, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.pipe_barrier(asc.PipeID.PIPE_MTE3)
    asc.data_copy(x_gm, t, N)


def launch():
    barrier_kernel[1](np.ones(N, np.float32))
