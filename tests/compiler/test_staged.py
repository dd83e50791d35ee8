"""analyze_staged: one analysis in two calls, the diagnostics first (before any C++ is generated), then the rest;
its result is analyze()'s, whatever runs between the two calls."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from pyasc import reads
from pyasc.compiler.pipeline import backend, gcpause
from pyasc.compiler.pipeline.analysis import AnalysisCache, analyze
from pyasc.compiler.pipeline.staged import Staged, analyze_staged

from .test_early import KERNEL, TEXT

MODULE = '''import pyasc as asc

TILE = 128


@asc.jit
def load_tile(q: asc.TQue, g: asc.GlobalTensor, n: int):
    t = q.alloc_tensor(asc.float16)
    asc.data_copy(t, g, n)
    q.enque(t)
'''

IMPORTER = '''import pyasc as asc

from tiles import TILE, load_tile


@asc.jit
def scale(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 2)
    load_tile(q, x_gm, TILE)
    t = q.deque(asc.float16)
    asc.data_copy(z_gm, t, TILE)
    q.free_tensor(t)
'''


def _same(a: object, b: object) -> None:
    for name in ("diagnostics", "cpp", "reads", "expr_types", "module_names"):
        assert getattr(a, name) == getattr(b, name), name
    assert [k.name for k in a.kernels] == [k.name for k in b.kernels]  # type: ignore[attr-defined]


def test_the_diagnostics_come_before_any_cpp_and_finish_gives_analyze_s_result(
        monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []
    real = backend.generate

    def generate(*args: object, **kwargs: object) -> object:
        events.append("generate")
        return real(*args, **kwargs)

    monkeypatch.setattr(backend, "generate", generate)
    staged = analyze_staged(TEXT, "k.py", None, AnalysisCache())
    assert isinstance(staged, Staged) and events == []
    assert [d.code for d in staged.diagnostics if d.severity.name == "ERROR"] == ["PA202"]  # k1 calls asc.ad, no API
    result = staged.finish()
    assert events == ["generate"] * 3
    assert result.diagnostics == staged.diagnostics
    _same(result, analyze(TEXT, "k.py", None, AnalysisCache()))


def test_a_file_all_from_the_cache_is_whole_at_once() -> None:
    cache = AnalysisCache()
    first = analyze(TEXT, "k.py", None, cache)
    again = analyze_staged(TEXT, "k.py", None, cache)
    assert not isinstance(again, Staged)
    _same(again, first)


def test_another_file_analyzed_between_the_two_calls_changes_nothing(tmp_path: Path) -> None:
    """What a server does: the module's importer is analyzed before the module's C++ is generated."""
    (tmp_path / "tiles.py").write_text(MODULE, encoding="utf-8")
    edited = MODULE.replace("n: int):", "n: int, factor: int):")
    cache = AnalysisCache()
    overlay = reads.Overlay()
    module, importer = str(tmp_path / "tiles.py"), str(tmp_path / "main.py")
    with reads.using(overlay):
        analyze(IMPORTER, importer, None, cache)
        overlay.set(tmp_path / "tiles.py", edited)
        staged = analyze_staged(edited, module, None, cache)
        assert isinstance(staged, Staged)
        between = analyze(IMPORTER, importer, None, cache)
        result = staged.finish()
    assert [d.code for d in between.diagnostics if d.severity.name == "ERROR"] == ["PA301"]
    with reads.using(overlay):
        _same(result, analyze(edited, module, None, AnalysisCache()))
        _same(between, analyze(IMPORTER, importer, None, AnalysisCache()))


def test_a_failure_in_either_stage_is_the_result_s_one_diagnostic(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("assembler bug")

    staged = analyze_staged(TEXT, "k.py", None, AnalysisCache())
    assert isinstance(staged, Staged)
    monkeypatch.setattr(backend, "assemble", broken)
    result = staged.finish()
    assert [d.code for d in result.diagnostics] == ["PA901"] and "assembler bug" in result.diagnostics[0].message

    def scan(*args: object, **kwargs: object) -> object:
        raise RuntimeError("scanner bug")

    from pyasc.compiler.pipeline import analysis

    monkeypatch.setattr(analysis, "scan_module", scan)
    failed = analyze_staged(KERNEL.format(i=0, op="add"), "k.py", None, AnalysisCache())
    assert not isinstance(failed, Staged)
    assert [d.code for d in failed.diagnostics] == ["PA901"] and "scanner bug" in failed.diagnostics[0].message


def test_the_collector_stays_paused_from_the_diagnostics_to_the_end() -> None:
    """Resumed between the stages, its first pass would run in whatever the caller runs next."""
    assert gcpause.running() == 0
    staged = analyze_staged(TEXT, "k.py", None, AnalysisCache())
    assert isinstance(staged, Staged) and gcpause.running() == 1 and not gc.isenabled()
    staged.finish()
    assert gcpause.running() == 0 and gc.isenabled()
    dropped = analyze_staged(TEXT, "k.py", None, AnalysisCache())
    assert isinstance(dropped, Staged) and gcpause.running() == 1
    del dropped  # never finished: its pause ends with it
    assert gcpause.running() == 0 and gc.isenabled()
    cache = AnalysisCache()
    analyze(TEXT, "k.py", None, cache)
    assert not isinstance(analyze_staged(TEXT, "k.py", None, cache), Staged)
    assert gcpause.running() == 0 and gc.isenabled(), "a whole result at once ends its pause at once"
