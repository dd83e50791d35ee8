"""The scheduler alone, with a controllable analyzer: no wait before an analysis, coalescing, version checks,
failures and the C++ tier."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Callable
from typing import Any

import pytest

from pyasc.compiler.diagnostics.model import Diagnostic, Severity, Span
from pyasc.compiler.pipeline import gcpause
from pyasc.compiler.pipeline.results import Analysis
from pyasc.compiler.pipeline.staged import Staged, analyze_staged
from pyasc.config import Config
from pyasc_lsp import workspace
from pyasc_lsp.workspace import Document, Documents
from tests.compiler.test_early import TEXT


class FakeAnalyzer:
    """Records each call; `gate` (when set) holds an analysis until the test releases it."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.gate: threading.Event | None = None
        self.fail = False

    def __call__(self, text: str, path: str, config: Config, cache: object) -> Analysis:
        self.calls.append(text)
        if self.gate is not None:
            self.gate.wait(5)
        if self.fail:
            raise RuntimeError("boom")
        return Analysis(path=path, text=text, cpp="// c++\n" if "cpp" in text else "")


def make(analyzer: FakeAnalyzer, debounce: float = 0.0) -> tuple[Documents, list[tuple[str, int]]]:
    docs = Documents(analyzer, lambda path: Config(), debounce=debounce, cpp_delay=0.01)
    accepted: list[tuple[str, int]] = []
    docs.on_analysis.append(lambda d: accepted.append((d.text, d.analysis_version or 0)))
    return docs, accepted


async def settle(docs: Documents, uri: str) -> Document:
    doc = await docs.wait_current(uri, 5)
    assert doc is not None and doc.current is not None
    return doc


async def started(analyzer: FakeAnalyzer, calls: int) -> None:
    """Until the analyzer has been called `calls` times (it is held by its gate, if any)."""
    while len(analyzer.calls) < calls:
        await asyncio.sleep(0.001)


async def test_an_edit_is_analyzed_at_once_when_nothing_runs(monkeypatch: pytest.MonkeyPatch):
    waits: list[float] = []
    real_sleep = asyncio.sleep

    async def recording_sleep(delay: float, *args: object, **kwargs: object) -> object:
        waits.append(delay)
        return await real_sleep(delay, *args, **kwargs)

    analyzer = FakeAnalyzer()
    docs = Documents(analyzer, lambda path: Config())  # the defaults, as the server has them
    accepted: list[tuple[str, int]] = []
    docs.on_analysis.append(lambda d: accepted.append((d.text, d.analysis_version or 0)))
    monkeypatch.setattr(workspace.asyncio, "sleep", recording_sleep)
    docs.open("u", "/k.py", "v1", 1)
    await settle(docs, "u")
    docs.change("u", "v2", 2)
    await settle(docs, "u")
    monkeypatch.undo()
    assert accepted == [("v1", 1), ("v2", 2)]
    assert waits == [], "no timer runs between an edit and its analysis"
    docs.shutdown()


async def test_edits_during_an_analysis_supersede_it_and_the_newest_text_is_analyzed_next():
    analyzer = FakeAnalyzer()
    analyzer.gate = threading.Event()
    docs, accepted = make(analyzer)
    docs.open("u", "/k.py", "v1", 1)
    await started(analyzer, 1)  # version 1 is in the analysis thread, held by the gate
    for v in range(2, 502):
        docs.change("u", f"v{v}", v)
    await asyncio.sleep(0.01)
    assert analyzer.calls == ["v1"], "nothing more is queued while an analysis of the document runs"
    analyzer.gate.set()
    doc = await settle(docs, "u")
    assert analyzer.calls == ["v1", "v501"]
    assert accepted == [("v501", 501)], "the superseded result is dropped, the newest text's published"
    assert doc.analyses == 1
    docs.shutdown()


async def test_a_burst_inside_the_optional_quiet_time_is_one_analysis():
    analyzer = FakeAnalyzer()
    docs, accepted = make(analyzer, debounce=0.05)
    docs.open("u", "/k.py", "v1", 1)
    await settle(docs, "u")
    for v in range(2, 502):
        docs.change("u", f"v{v}", v)
    doc = await settle(docs, "u")
    assert analyzer.calls == ["v1", "v501"]
    assert accepted == [("v1", 1), ("v501", 501)]
    assert doc.analyses == 2
    docs.shutdown()


async def test_a_reanalysis_requested_during_an_analysis_runs_after_it():
    analyzer = FakeAnalyzer()
    analyzer.gate = threading.Event()
    docs, accepted = make(analyzer)
    docs.open("u", "/k.py", "v1", 1)
    await started(analyzer, 1)
    docs.reanalyze_all()  # e.g. the configuration changed: the running analysis used the old one
    analyzer.gate.set()
    await settle(docs, "u")
    assert analyzer.calls == ["v1", "v1"]
    assert accepted == [("v1", 1)]
    docs.shutdown()


async def test_result_of_an_old_version_is_dropped():
    analyzer = FakeAnalyzer()
    analyzer.gate = threading.Event()
    docs, accepted = make(analyzer, debounce=0.0)
    docs.open("u", "/k.py", "old", 1)
    while not analyzer.calls:  # the analysis of version 1 is running (held by the gate)
        await asyncio.sleep(0.005)
    docs.change("u", "new", 2)
    analyzer.gate.set()
    doc = await settle(docs, "u")
    assert analyzer.calls == ["old", "new"], "the old analysis ran to its end"
    assert accepted == [("new", 2)], "but only the current version was accepted"
    assert doc.analysis is not None and doc.analysis.text == "new"
    docs.shutdown()


async def test_failing_analysis_is_reported_and_serving_continues():
    analyzer = FakeAnalyzer()
    analyzer.fail = True
    docs, accepted = make(analyzer, debounce=0.0)
    errors: list[str] = []
    docs.on_error = errors.append
    docs.open("u", "/k.py", "x", 1)
    doc = await docs.wait_current("u", 2)
    assert doc is not None and doc.analysis is None
    assert errors and "boom" in errors[0]
    analyzer.fail = False
    docs.change("u", "y", 2)
    doc = await settle(docs, "u")
    assert accepted == [("y", 2)]
    docs.shutdown()


async def test_a_listener_failure_does_not_stop_the_others():
    analyzer = FakeAnalyzer()
    docs, accepted = make(analyzer, debounce=0.0)
    errors: list[str] = []
    docs.on_error = errors.append

    def broken(doc: Document) -> None:
        raise ValueError("listener bug")

    docs.on_analysis.insert(0, broken)
    docs.open("u", "/k.py", "x", 1)
    await settle(docs, "u")
    assert accepted == [("x", 1)]
    assert any("listener bug" in e for e in errors)
    docs.shutdown()


async def test_last_good_analysis_survives_a_syntax_error():
    def analyze(text: str, path: str, config: Config, cache: object) -> Analysis:
        diags = [] if text == "ok" else [Diagnostic("PA100", Severity.ERROR, "syntax", Span(1, 0, 1, 1))]
        return Analysis(path=path, text=text, diagnostics=diags)

    docs = Documents(analyze, lambda path: Config(), debounce=0.0)
    docs.open("u", "/k.py", "ok", 1)
    await settle(docs, "u")
    docs.change("u", "asc.", 2)
    doc = await settle(docs, "u")
    assert doc.analysis is not None and doc.analysis.text == "asc."
    assert doc.good is not None and doc.good.text == "ok"
    docs.shutdown()


async def test_cpp_tier_publishes_for_the_current_version_and_is_cancelled_by_edits():
    analyzer = FakeAnalyzer()
    docs, _ = make(analyzer, debounce=0.0)
    submitted: list[concurrent.futures.Future[list[Diagnostic]]] = []

    def submit(analysis: Analysis, config: Config) -> concurrent.futures.Future[list[Diagnostic]]:
        fut: concurrent.futures.Future[list[Diagnostic]] = concurrent.futures.Future()
        submitted.append(fut)
        return fut

    docs.cpp_submit = submit
    cpp_results: list[int] = []
    docs.on_cpp.append(lambda d: cpp_results.append(d.cpp_version or 0))
    docs.open("u", "/k.py", "cpp 1", 1)
    await settle(docs, "u")
    while not submitted:
        await asyncio.sleep(0.005)
    docs.change("u", "cpp 2", 2)  # an edit while clang runs cancels that run
    await asyncio.sleep(0)
    assert submitted[0].cancelled()
    await settle(docs, "u")
    while len(submitted) < 2:
        await asyncio.sleep(0.005)
    finding = Diagnostic("-Wunused-variable", Severity.WARNING, "unused", Span(1, 0, 1, 1), source="clang")
    submitted[1].set_result([finding])
    for _ in range(100):
        if cpp_results:
            break
        await asyncio.sleep(0.01)
    assert cpp_results == [2]
    doc = docs.get("u")
    assert doc is not None and doc.cpp_current == [finding]
    docs.change("u", "cpp 3", 3)
    doc = await settle(docs, "u")
    assert doc.cpp_current == [], "findings of an older version are not shown with a newer analysis"
    docs.shutdown()


@pytest.mark.parametrize("delay", [0.0, 0.02])
async def test_close_during_analysis_publishes_nothing(delay: float):
    analyzer = FakeAnalyzer()
    analyzer.gate = threading.Event()
    docs, accepted = make(analyzer, debounce=delay)
    docs.open("u", "/k.py", "x", 1)
    await asyncio.sleep(delay + 0.02)
    docs.close("u")
    analyzer.gate.set()
    await asyncio.sleep(0.1)
    assert accepted == []
    docs.shutdown()


async def test_cpp_tier_runs_also_when_the_front_end_reports_errors():
    """check_cpp leaves out the kernels with front-end errors itself: the scheduler hands it every result."""

    def analyze(text: str, path: str, config: Config, cache: object) -> Analysis:
        return Analysis(path=path, text=text, cpp="// c++\n",
                        diagnostics=[Diagnostic("PA202", Severity.ERROR, "unknown API", Span(1, 0, 1, 1))])

    docs = Documents(analyze, lambda path: Config(), cpp_delay=0.0)
    submitted: list[Analysis] = []

    def submit(analysis: Analysis, config: Config) -> concurrent.futures.Future[list[Diagnostic]]:
        submitted.append(analysis)
        fut: concurrent.futures.Future[list[Diagnostic]] = concurrent.futures.Future()
        fut.set_result([])
        return fut

    docs.cpp_submit = submit
    docs.open("u", "/k.py", "x", 1)
    doc = await settle(docs, "u")
    for _ in range(500):
        if submitted:
            break
        await asyncio.sleep(0.01)
    assert submitted == [doc.analysis]
    docs.shutdown()


async def test_a_request_before_the_first_analysis_waits_for_it_past_its_timeout():
    """A large file's first analysis can outlast a request's short wait (its diagnostics went out early): with no
    analysis at all there is nothing to answer from, so the request waits for the first one instead of getting none."""
    analyzer = FakeAnalyzer()
    analyzer.gate = threading.Event()
    docs, accepted = make(analyzer, debounce=0.0)
    docs.open("u", "/k.py", "first", 1)
    await started(analyzer, 1)
    waiting = asyncio.ensure_future(docs.wait_current("u", 0.001))
    await asyncio.sleep(0.05)  # well past the request's own wait: it must still be waiting
    assert not waiting.done()
    analyzer.gate.set()
    doc = await waiting
    assert doc is not None and doc.analysis is not None and doc.analysis.text == "first"
    assert accepted == [("first", 1)]
    docs.shutdown()


async def test_a_request_with_an_older_analysis_does_not_wait_past_its_timeout():
    analyzer = FakeAnalyzer()
    docs, accepted = make(analyzer, debounce=0.0)
    docs.open("u", "/k.py", "old", 1)
    await settle(docs, "u")
    analyzer.gate = threading.Event()
    docs.change("u", "new", 2)
    await started(analyzer, 2)
    doc = await docs.wait_current("u", 0.001)
    assert doc is not None and doc.analysis is not None and doc.analysis.text == "old"
    analyzer.gate.set()
    doc = await settle(docs, "u")
    assert doc.analysis is not None and doc.analysis.text == "new"
    docs.shutdown()


async def test_the_idle_work_runs_once_nothing_is_left_to_analyze() -> None:
    """After an analysis the idle work (the compiler's prepare_next) runs in the analysis thread, but not while
    another document's analysis runs or waits: that one would wait behind it."""
    hold_b = threading.Event()

    class HoldsB(FakeAnalyzer):
        def __call__(self, text: str, path: str, config: Config, cache: object) -> Analysis:
            if text == "b1":
                hold_b.wait(5)
            return super().__call__(text, path, config, cache)

    analyzer = HoldsB()
    idle: list[str] = []
    docs = Documents(analyzer, lambda path: Config(), cpp_delay=0.01,
                     idle=lambda: idle.append(threading.current_thread().name))
    docs.open("a", "/a.py", "a1", 1)
    docs.open("b", "/b.py", "b1", 1)
    await settle(docs, "a")
    await asyncio.sleep(workspace.IDLE_AFTER * 5)  # a's idle time has come, with b's analysis under way
    assert idle == []
    hold_b.set()
    await settle(docs, "b")
    for _ in range(500):
        if idle:
            break
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.1)
    assert len(idle) == 1 and idle[0].startswith("pyasc-analyze")
    docs.change("a", "a2", 2)
    await settle(docs, "a")
    for _ in range(500):
        if len(idle) == 2:
            break
        await asyncio.sleep(0.01)
    assert len(idle) == 2
    docs.shutdown()


async def test_a_staged_analysis_closed_while_it_waits_is_finished_and_its_collector_pause_ends():
    """The second stage of a staged result waits while another run's diagnostics are on their way; a document closed
    meanwhile still has it run (its result dropped), so the collector's pause it holds ends."""
    gate = threading.Event()
    seen: list[str] = []

    def analyze(text: str, path: str, config: Config, cache: object) -> object:
        seen.append(path)
        if path == "/held.py":
            gate.wait(5)
            return Analysis(path=path, text=text)
        return analyze_staged(text, path, config, None)

    docs, finished = _finishes_noted(analyze)
    docs.open("k", "/k.py", TEXT, 1)
    docs.open("h", "/held.py", "held", 1)  # its run is queued behind k's first stage, and held
    await _until(lambda: seen == ["/k.py", "/held.py"])
    assert seen == ["/k.py", "/held.py"] and gcpause.running() == 1, "k's first stage is done, its pause held"
    docs.close("k")  # while its second stage waits for the held run
    gate.set()
    await _until(lambda: bool(finished) and gcpause.running() == 0)
    assert finished == ["/k.py"] and gcpause.running() == 0
    assert docs.get("k") is None and not isinstance(docs.get("h"), Staged)
    docs.shutdown()


async def test_a_staged_analysis_closed_before_its_first_stage_is_back_is_finished_and_its_collector_pause_ends():
    """The document is closed while its first stage is still in the analysis thread (its run cancelled before the
    result reaches it): the staged result is finished all the same (its result dropped), so the collector's pause it
    holds ends; before, it stayed paused for the rest of the session."""
    gate = threading.Event()
    started = threading.Event()

    def analyze(text: str, path: str, config: Config, cache: object) -> object:
        staged = analyze_staged(text, path, config, None)
        started.set()
        gate.wait(5)  # the first stage done, its pause held, not handed back yet
        return staged

    docs, finished = _finishes_noted(analyze)
    docs.open("k", "/k.py", TEXT, 1)
    await _until(started.is_set)
    assert started.is_set() and gcpause.running() == 1
    docs.close("k")
    gate.set()
    await _until(lambda: bool(finished) and gcpause.running() == 0)
    assert finished == ["/k.py"] and gcpause.running() == 0
    assert docs.get("k") is None
    docs.shutdown()


def _finishes_noted(analyze: Any) -> tuple[Documents, list[str]]:
    """Documents over `analyze`, and the paths whose staged results it finished, in order."""
    docs = Documents(analyze, lambda path: Config(), cpp_delay=0.01)
    finished: list[str] = []
    real = docs._finish_now
    docs._finish_now = lambda staged: (finished.append(staged.path), real(staged))[1]  # type: ignore[method-assign]
    return docs, finished


async def _until(done: Callable[[], bool]) -> None:
    """Wait until `done()` holds, within a bound for a hang (not a timing: the first analysis imports the
    compiler)."""
    for _ in range(3000):
        if done():
            return
        await asyncio.sleep(0.01)
