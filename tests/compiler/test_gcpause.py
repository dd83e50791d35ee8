"""The cyclic collector is paused while analyze() runs and restored as the caller had it afterwards, whatever the
nesting, the threads or the outcome."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest

from pyasc.compiler.pipeline import gcpause
from pyasc.compiler.pipeline.analysis import analyze

TEXT = """import pyasc as asc


@asc.jit
def k(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 256)
    t = q.alloc_tensor(asc.float16)
    asc.data_copy(t, x_gm, 128)
    asc.ad(t, t, t, 128)
    asc.data_copy(z_gm, t, 128)
    q.free_tensor(t)
"""


@pytest.fixture(autouse=True)
def collector_as_found() -> Iterator[None]:
    was = gc.isenabled()
    yield
    (gc.enable if was else gc.disable)()


def test_paused_during_the_analysis_and_on_again_after() -> None:
    gc.enable()
    seen: list[bool] = []
    result = analyze(TEXT, "/tmp/k.py", early=lambda diagnostics: seen.append(gc.isenabled()))
    assert seen == [False]
    assert gc.isenabled()
    assert gcpause.running() == 0
    assert [d.code for d in result.diagnostics] == ["PA202"]  # the misspelt API: the analysis ran in full


def test_a_collector_the_caller_turned_off_stays_off() -> None:
    gc.disable()
    analyze(TEXT, "/tmp/k.py")
    assert not gc.isenabled()


def test_restored_when_the_block_raises() -> None:
    gc.enable()
    with pytest.raises(RuntimeError), gcpause.CollectorPaused():
        assert not gc.isenabled()
        raise RuntimeError("x")
    assert gc.isenabled()
    assert gcpause.running() == 0


def test_nested_and_concurrent_pauses_end_with_the_last() -> None:
    gc.enable()
    inside = threading.Event()
    release = threading.Event()
    states: list[bool] = []

    def other() -> None:
        with gcpause.CollectorPaused():
            inside.set()
            release.wait(10)

    worker = threading.Thread(target=other)
    with gcpause.CollectorPaused():
        worker.start()
        assert inside.wait(10)
        with gcpause.CollectorPaused():
            assert gcpause.running() == 3
    states.append(gc.isenabled())  # the other thread still holds the pause
    release.set()
    worker.join(10)
    states.append(gc.isenabled())
    assert states == [False, True]
    assert gcpause.running() == 0
