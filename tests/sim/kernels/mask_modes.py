"""Kernels for counter-mode masks and for the synchronization a scalar read of a WholeReduce result needs."""

import pyasc as asc

N = 512
COUNT = 300
"""Elements the counter-mode call processes: four whole repeats of 64 float32 and 44 of a fifth."""


def _gm(addr, n):
    g = asc.GlobalTensor()
    g.set_global_buffer(addr, n)
    return g


@asc.jit(auto_sync=False)
def counter_adds(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = _gm(x, N)
    z_gm = _gm(z, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 2 * N * 4)
    t = buf.get_with_offset(N, 0, asc.float32)
    u = buf.get_with_offset(N, N * 4, asc.float32)
    asc.data_copy(t, x_gm, N)
    asc.data_copy(u, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.set_mask_count()
    asc.set_vector_mask(0, COUNT, dtype=asc.float32, mode=asc.MaskMode.COUNTER)
    asc.adds(u, t, 1.0, 0, 1, asc.UnaryRepeatParams(1, 1, 8, 8), is_set_mask=False)
    asc.set_mask_norm()
    asc.reset_mask()
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, u, N)


def _reduce_then_read(x, z, kind, synced):  # noqa: ANN001, ANN202 - a plain helper traced inside the kernels
    x_gm = _gm(x, N)
    z_gm = _gm(z, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 2 * N * 4)
    t = buf.get_with_offset(N, 0, asc.float32)
    r = buf.get_with_offset(N, N * 4, asc.float32)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if kind == "max":
        asc.whole_reduce_max(r, t, 64, 1, 1, 1, 8)
    elif kind == "min":
        asc.whole_reduce_min(r, t, 64, 1, 1, 1, 8)
    else:
        asc.whole_reduce_sum(r, t, 64, 1, 1, 1, 8)
    if synced:
        asc.set_flag(asc.HardEvent.V_S, 0)
        asc.wait_flag(asc.HardEvent.V_S, 0)
    v = r.get_value(0)
    z_gm.set_value(0, v)


@asc.jit(auto_sync=False)
def max_then_read(x: asc.GlobalAddress, z: asc.GlobalAddress):
    _reduce_then_read(x, z, "max", False)


@asc.jit(auto_sync=False)
def min_then_read(x: asc.GlobalAddress, z: asc.GlobalAddress):
    _reduce_then_read(x, z, "min", False)


@asc.jit(auto_sync=False)
def sum_then_read(x: asc.GlobalAddress, z: asc.GlobalAddress):
    _reduce_then_read(x, z, "sum", False)


@asc.jit(auto_sync=False)
def max_synced_then_read(x: asc.GlobalAddress, z: asc.GlobalAddress):
    _reduce_then_read(x, z, "max", True)
