"""The per-kernel time ceiling (PA902, `max_kernel_ms`) on an injected clock, and the caches the analysis shares
between threads: what depends on the clock is never cached, and every shared cache is used under its lock."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict

import pytest

from pyasc.compiler.pipeline import analysis
from pyasc.compiler.pipeline.analysis import AnalysisCache, analyze
from pyasc.compiler.syntax import parse as syntax_parse
from pyasc.config import Config

BODY = "".join(f"    v{i} = {i} * 2\n    asc.printf('%d', v{i})\n" for i in range(400))
BIG = "import pyasc as asc\n\n@asc.jit\ndef big(x: asc.GlobalAddress):\n" + BODY


class Clock:
    """perf_counter() that moves only as the test says: `step` seconds on every reading."""

    def __init__(self, step: float = 0.0) -> None:
        self.now = 1000.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(time, "perf_counter", fake)
    return fake


def pa902(a: object) -> list:
    return [d for d in a.diagnostics if d.code == "PA902"]  # type: ignore[attr-defined]


def test_a_kernel_past_the_time_ceiling_gets_pa902_not_a_stall(clock: Clock) -> None:
    clock.step = 0.001  # every reading of the clock one millisecond later: the ceiling is passed mid-kernel
    a = analyze(BIG, "big.py", Config(max_kernel_ms=20))
    [d] = pa902(a)
    assert d.span.line == 4 and "stopped at its 20 ms ceiling" in d.message
    assert "v399" not in a.cpp  # lowering stopped instead of finishing late
    clock.step = 0.0  # a clock that stands still: no ceiling is ever reached
    full = analyze(BIG, "big.py", Config(max_kernel_ms=20))
    assert pa902(full) == [] and "v399" in full.cpp


def test_a_slow_moment_is_not_cached(clock: Clock) -> None:
    cache = AnalysisCache()
    clock.step = 0.001
    slow = analyze(BIG, "big.py", Config(max_kernel_ms=20), cache)
    assert len(pa902(slow)) == 1
    clock.step = 0.0
    again = analyze(BIG, "big.py", Config(max_kernel_ms=20), cache)  # same text, same cache, an idle machine
    assert pa902(again) == [] and "v399" in again.cpp
    assert [k.reanalyzed for k in again.kernels] == [True]


def test_max_kernel_ms_is_part_of_the_cache_key(clock: Clock) -> None:
    cache = AnalysisCache()
    clock.step = 0.001
    generous = analyze(BIG, "big.py", Config(max_kernel_ms=10_000_000), cache)
    assert pa902(generous) == []
    strict = analyze(BIG, "big.py", Config(max_kernel_ms=20), cache)
    assert len(pa902(strict)) == 1, "a result computed under another ceiling must not answer"


class Guarded(OrderedDict):
    """An OrderedDict that fails any use made without `lock` held."""

    def __init__(self, lock: threading.Lock, *args: object) -> None:
        super().__init__(*args)
        self.lock = lock
        self.uses = 0

    def _check(self) -> None:
        assert self.lock.locked(), "a shared cache was used without its lock"
        self.uses += 1

    def get(self, *args: object) -> object:
        self._check()
        return super().get(*args)

    def __setitem__(self, key: object, value: object) -> None:
        self._check()
        super().__setitem__(key, value)

    def __getitem__(self, key: object) -> object:
        self._check()
        return super().__getitem__(key)

    def __len__(self) -> int:
        self._check()
        return super().__len__()

    def move_to_end(self, *args: object, **kwargs: object) -> None:
        self._check()
        super().move_to_end(*args, **kwargs)

    def popitem(self, *args: object, **kwargs: object) -> object:
        self._check()
        return super().popitem(*args, **kwargs)


def test_the_shared_caches_are_used_under_their_locks(monkeypatch: pytest.MonkeyPatch) -> None:
    keys = Guarded(analysis._KEYS_LOCK)
    units = Guarded(syntax_parse._UNIT_LOCK)
    monkeypatch.setattr(analysis, "_KEYS", keys)
    monkeypatch.setattr(syntax_parse, "_UNIT_CACHE", units)
    monkeypatch.setattr(syntax_parse, "_UNIT_CACHE_MIN", 1)  # small enough that evictions happen
    kernel = BIG.split("@asc.jit", 1)[1]
    text = "import pyasc as asc\n" + "".join(f"\n@asc.jit{kernel.replace('def big', f'def big{i}')}"
                                           for i in range(3))
    cache = AnalysisCache(size=1)
    assert len(text) > 4000  # long enough to be parsed unit by unit, through the unit cache
    for edit in range(3):
        analyze(text.replace("v0 = 0", f"v0 = {edit}"), "k.py", None, cache)
    assert keys.uses > 0 and units.uses > 0
