"""asc.array on the simulator: a mutable C array of its dtype, read and written at run-time indexes, whose bounds
the sanitizer checks (an index outside it is a finding, as on the device it reaches other memory)."""

from __future__ import annotations

import numpy as np
import pytest

import pyasc as asc
from pyasc import sim
from pyasc.sim.findings import SimulationError


@asc.jit
def offsets_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, 64)
    offs = asc.array(asc.int32, 4, fill_value=0)
    offs[1] = n * 2
    offs[n % 4] += 5
    f = asc.array(asc.float32, [0.5, 2])
    f[0] = offs[1]
    small = asc.array(asc.uint8, [250, 1])
    small[0] = offs[1] + 250
    for j in range(len(offs)):
        z_gm.set_value(j, offs[j])
    z_gm.set_value(4, f[0])
    z_gm.set_value(5, small[0])
    z_gm.set_value(6, x_gm.get_value(offs[n]))


def test_elements_are_assigned_and_read_at_run_time_indexes() -> None:
    x = np.arange(64, dtype=np.float32) * 10
    z = np.zeros(64, np.float32)
    report = offsets_kernel[1](x, z, 3)
    assert [f for f in report.findings if f.severity == "error"] == []
    # offs = [0, 6, 0, 5]; f[0] = 6 (an int stored in a float element); small[0] wraps as uint8 (256 -> 0)
    assert z[:7].tolist() == [0, 6, 0, 5, 6, 0, 50]


def test_an_element_read_is_a_run_time_integer_of_the_dtype() -> None:
    with sim.interactive():
        a = asc.array(asc.int16, [32767, 1])
        v = a[0] + 1
    assert int(v) == -32768  # int16 arithmetic wraps, as on the device


@asc.jit
def outside_kernel(x: asc.GlobalAddress, i: int, write: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 8)
    offs = asc.array(asc.int32, 4, fill_value=1)
    if write > 0:
        offs[i] = 2
    else:
        x_gm.set_value(0, offs[i])


@pytest.mark.parametrize(("index", "write", "what"), [(4, 0, "read of"), (-1, 1, "write of")])
def test_an_index_outside_the_array_is_a_finding(index: int, write: int, what: str) -> None:
    with pytest.raises(SimulationError) as err:
        outside_kernel[1](np.zeros(8, np.float32), index, write)
    finding = err.value.finding
    assert finding.code == "PS112" and finding.kind == "array-out-of-bounds"
    assert f"{what} asc.array element {index}: the array has 4 elements (0 to 3)" in finding.message
    # the Python line and columns of the subscript: `offs[i] = 2`, `x_gm.set_value(0, offs[i])`
    assert (finding.line, finding.col, finding.end_col) == ((56, 8, 15) if write else (58, 26, 33))


def test_an_index_outside_the_array_is_collected_without_stopping() -> None:
    with sim.collect() as report:
        outside_kernel[1](np.zeros(8, np.float32), 9, 0)
    assert [f.code for f in report.findings if f.severity == "error"] == ["PS112"]


def test_a_property_is_a_run_time_integer_of_its_dtype() -> None:
    with sim.interactive():
        blk = asc.property(asc.ONE_BLK_SIZE)
        l1 = asc.property(asc.TOTAL_L1_SIZE)
    assert int(blk) == 32 and int(blk * 2000) == 64000 - 65536  # CANN's ONE_BLK_SIZE is an int16
    assert int(l1 * 2) == 2 * 524288
