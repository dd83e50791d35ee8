"""`import pyasc` stays cheap and names resolve lazily to the simulator runtime."""

from __future__ import annotations

import subprocess
import sys

import pytest

import pyasc as asc


def test_import_pyasc_loads_neither_numpy_nor_the_simulator():
    code = ("import sys, pyasc; pyasc.set_log_level('INFO'); "
            "print(any(m == 'numpy' or m.startswith('pyasc.sim') or m.startswith('pyasc.runtime') "
            "for m in sys.modules), pyasc.__version__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", asc.__version__]


def test_names_resolve_from_the_spec_and_host_api():
    assert asc.float16.name == "float16" and asc.half is asc.float16
    assert asc.TPosition.VECIN == 9 and asc.HardEvent.MTE2_V.name == "MTE2_V"
    assert asc.add.spec.name == "add" and asc.adv.exp.spec.name == "adv.exp"
    assert asc.ONE_BLK_SIZE == 32
    assert callable(asc.jit) and callable(asc.Stream) and callable(asc.profile)
    with pytest.raises(AttributeError, match="no attribute 'nonexistent_api'"):
        _ = asc.nonexistent_api


def test_calling_an_api_outside_a_launch_explains_how_to_launch():
    with pytest.raises(RuntimeError, match=r"kernel\[core_num\]"):
        asc.get_block_idx()


def test_no_overload_matches_is_a_located_finding():
    from pyasc import sim

    with sim.collect() as report, sim.interactive():
        asc.add(1, 2, 3, 4)
    f = report.of_kind("bad-call")[0]
    assert f.file == __file__ and "no overload of asc.add accepts (int, int, int, int)" in f.message
    assert "asc.add(dst: LocalTensor" in f.message
