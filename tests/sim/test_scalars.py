"""Run-time integers (pyasc.sim.scalars): the device's arithmetic CANN's tracer gives an IR value, launch grids as
CANN reads them, and GM views larger than the launch's array."""

from __future__ import annotations

import numpy as np
import pytest

import pyasc as asc
from pyasc import sim
from pyasc.language import dtypes
from pyasc.sim.scalars import DeviceInt, device_int


def test_integer_arithmetic_is_the_devices():
    n = device_int(7)
    assert (n / 2, n // 2, -n // 2, -n % 3, n % -3) == (3, 3, -3, -1, 1)  # truncation toward zero, C's remainder
    assert (2 / n, 20 // n, 20 % n) == (0, 2, 6)
    assert n * 0.5 == 0 and n + 2.9 == 9  # a float operand takes the run-time value's integer type
    assert (n.ceildiv(2), device_int(-7).ceildiv(2), n.ceildiv(7)) == (4, -3, 1)
    assert device_int(2 ** 31 - 1) + 1 == -(2 ** 31)  # int32 wraps
    assert device_int(300, dtypes.lookup("uint8")) == 44 and device_int(-1, dtypes.lookup("uint16")) == 65535
    assert n.cast(dtypes.lookup("float32")) == 7.0 and n.cast(dtypes.lookup("int64")).dtype.name == "int64"
    results = [n + 1, n - 1, n * 2, n / 2, n % 2, n << 1, n >> 1, n & 3, n | 8, n ^ 1, -n, abs(-n), 1 + n]
    assert all(type(r) is DeviceInt for r in results)
    assert list(range(n)) == list(range(7)) and {7: "x"}[n] == "x" and repr(n) == "7"


def test_kernel_scalars_are_run_time_ints():
    seen = []

    @asc.jit
    def k(x: asc.GlobalAddress, n: int, tile: asc.ConstExpr[int]):
        seen.append((n / 2, n.ceildiv(tile), asc.ceildiv(n, tile), tile / 2, asc.get_block_idx() / 2,
                     type(asc.get_block_num())))

    k[2](np.zeros(8, np.float32), 1001, 64, lockstep=False)
    assert seen == [(500, 16, 16, 32.0, 0, DeviceInt), (500, 16, 16, 32.0, 0, DeviceInt)]
    assert all(type(s[0]) is DeviceInt and type(s[3]) is float for s in seen)  # ConstExpr keeps Python's `/`


def test_grids_as_cann_reads_them():
    ran = []

    @asc.jit
    def k(x: asc.GlobalAddress):
        ran.append(int(asc.get_block_num()))

    x = np.zeros(8, np.float32)
    k[[3]](x)
    k[(2,)](x)
    k[2, None](x)
    assert ran == [3, 3, 3, 2, 2, 2, 2]
    with pytest.raises(ValueError, match="core_num must be a positive int, got 0"):
        k[()](x)
    with pytest.raises(TypeError, match="Parse user launch options failed"):
        k[1, None, 3]
    with pytest.raises(TypeError, match="Parse user launch options failed"):
        k[1.5]


def test_a_global_tensor_larger_than_the_launch_array_is_out_of_bounds():
    """A copy through a GlobalTensor that set_global_buffer made larger than the array is a finding too."""
    @asc.jit
    def k(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 64)
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf, 256)
        t = buf.get(asc.float32)
        asc.data_copy(t, g[32:], 32)

    with sim.collect() as rep:
        k[1](np.zeros(40, np.float32))
    assert [(f.code, f.line) for f in rep.errors] == [("PS101", 67), ("PS101", 72)]  # the view, then the copy
    assert "only 40 elements remain" in rep.errors[0].message
    assert "has 8 elements from its start" in rep.errors[1].message  # reported, not a crash of the copy
    assert "set_global_buffer gave it 32, more than the array passed at launch holds" in rep.errors[1].message


def test_inline_cpp_is_a_warning_that_the_run_leaves_it_out():
    @asc.jit
    def k(x: asc.GlobalAddress):
        asc.inline("AscendC::PipeBarrier<PIPE_ALL>();")

    with sim.collect() as rep:
        k[1](np.zeros(8, np.float32))
    assert [(f.code, f.severity) for f in rep.findings] == [("PS110", "warning")]
    assert "PipeBarrier<PIPE_ALL>" in rep.findings[0].message
