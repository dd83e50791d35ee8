"""Counter-mode masks (set_mask_count) on the simulator, and WholeReduceMax/Min/Sum alike before a scalar read."""

from __future__ import annotations

import numpy as np
import pytest

from pyasc import sim

from .kernels import mask_modes


def test_counter_mode_processes_the_count_over_the_repeats():
    x = np.arange(mask_modes.N, dtype=np.float32)
    z = np.zeros_like(x)
    with sim.collect() as report:
        mask_modes.counter_adds[1](x, z)
    assert report.findings == [], report
    n = mask_modes.COUNT
    np.testing.assert_array_equal(z[:n], x[:n] + 1)
    np.testing.assert_array_equal(z[n:], x[n:])  # untouched past the count, though the call said one repeat


@pytest.mark.parametrize("kernel", ["max_then_read", "min_then_read", "sum_then_read"])
def test_a_scalar_read_of_a_whole_reduce_result_needs_a_v_to_s_flag(kernel):
    x = np.arange(mask_modes.N, dtype=np.float32)
    with sim.collect() as report:
        getattr(mask_modes, kernel)[1](x, np.zeros_like(x))
    races = report.of_kind("race")
    assert [f.severity for f in races] == ["error"], report
    assert "V wrote it" in races[0].related[0][0]


def test_with_the_flag_the_read_sees_the_reduction():
    x = np.arange(mask_modes.N, dtype=np.float32)
    z = np.zeros_like(x)
    with sim.collect() as report:
        mask_modes.max_synced_then_read[1](x, z)
    assert report.findings == [], report
    assert z[0] == 63.0
