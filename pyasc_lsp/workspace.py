"""Open documents, their versions and the scheduling of the two analysis tiers.

Front end: an edit is analyzed at once when no analysis of the document is running, in one worker thread (so
requests keep being answered), on the text of that moment.  Edits that arrive while it runs supersede it: its result
is dropped and the newest text is analyzed next, so a burst of edits costs the analysis under way plus one, and
nothing stale is ever published.  (An optional quiet time, `debounceMs`, waits before each analysis instead.)
C++ tier: after a front-end result, and a further quiet time, the C++ checker's future runs in its own pool; a newer
edit cancels it.
Other files: the open documents' texts stand for their files in every analysis (`overlay`, pyasc.reads), so an
analysis that imports an open module reads its buffer, saved or not.  A result that read a buffer changed while it
ran is dropped like a superseded one (`outdated`), and analyzed again once that buffer's own analysis is done;
what else an edit of a module must re-analyze is features.dependents' part (`refresh`, `on_settled`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from pyasc import reads
from pyasc.compiler.diagnostics.model import Diagnostic
from pyasc.compiler.pipeline.results import Analysis
from pyasc.config import Config

logger = logging.getLogger(__name__)

CACHE_MIN = 32
"""Smallest size of the per-kernel cache (in entries; `server.make_cache` bounds what they hold as well)."""
EARLY_WAIT = 1.0
"""Longest the analysis thread waits for the event loop to publish early diagnostics before it goes on."""
IDLE_AFTER = 0.02
"""Seconds after an analysis before the idle work (Documents' `idle`) starts, when nothing else is to analyze."""

AnalyzeFn = Callable[[str, str, Config, Any], Analysis]


class CppProgress(Protocol):
    """Progress reporting around a C++ run (a no-op when the client has no work-done progress)."""

    async def begin(self, doc: Document) -> Any: ...
    def end(self, handle: Any, message: str) -> None: ...
    def cancel_requested(self, handle: Any) -> bool: ...


@dataclass
class Document:
    """One open document: its present text and version, and the latest accepted results of both tiers."""

    uri: str
    path: str
    version: int
    text: str
    analysis: Analysis | None = None
    analysis_version: int | None = None
    good: Analysis | None = None
    """The last analysis whose text parsed: completion reads types from it while the text is broken."""
    cpp: list[Diagnostic] = field(default_factory=list)
    cpp_version: int | None = None
    task: asyncio.Task[None] | None = None
    cpp_task: asyncio.Task[None] | None = None
    waiters: list[asyncio.Future[None]] = field(default_factory=list)
    analyses: int = 0
    """How many front-end results were accepted for this document (a burst of edits adds one)."""
    run: object | None = None
    """The front-end run under way (a marker), so that a preview from an older run is never taken for this one."""
    early_run: object | None = None
    """The run whose diagnostics went out before its analysis was complete (see Documents.early)."""
    early_diagnostics: list[Diagnostic] | None = None
    """The diagnostics that went out early for `early_run`: its result publishes again only if it differs."""
    generation: int = 0
    """Bumped by every edit and re-analysis request: a result computed for an older generation is superseded."""
    analyzing: bool = False
    """An analysis of this document is in the analysis thread: a new edit waits for it instead of queueing another."""
    config: Config | None = None
    """The configuration `analysis` was computed with."""
    warm: Any = None
    """(version, diagnostics) published for this document from the persistent store before its first analysis
    (features.warm_start): that analysis publishes only what differs."""
    persist: bool = True
    """The next accepted analysis is kept in the persistent store (set at open and at each save)."""
    run_mark: int = 0
    """The tick (Documents.tick) at which the latest front-end run was handed to the analysis thread: it read every
    buffer as of then or later."""
    analysis_mark: int = 0
    """The run_mark of the run that computed `analysis`."""
    outdated: set[str] = field(default_factory=set)
    """Buffers (paths) that changed while the latest run read them: its result was dropped, and the document is
    analyzed again once their own analyses are done (features.dependents)."""

    @property
    def current(self) -> Analysis | None:
        """The analysis of the document's present text, or None while it is being computed."""
        return self.analysis if self.analysis_version == self.version else None

    @property
    def cpp_current(self) -> list[Diagnostic]:
        """C++ findings that belong to the present front-end result."""
        return self.cpp if self.cpp_version is not None and self.cpp_version == self.analysis_version else []


class Documents:
    """Documents by URI and the scheduler of both tiers; every method runs on the event loop."""

    def __init__(
        self,
        analyze: AnalyzeFn,
        config_for: Callable[[str], Config],
        debounce: float = 0.0,
        cpp_delay: float = 0.3,
        cache: Any = None,
        idle: Callable[[], object] | None = None,
    ) -> None:
        self._analyze = analyze
        self._idle = idle
        """Work ahead for the next edit (the compiler's prepare_next), run in the analysis thread IDLE_AFTER
        seconds after an analysis when nothing else is to analyze (`_when_idle`)."""
        self._config_for = config_for
        self.debounce = debounce
        self.cpp_delay = cpp_delay
        self.cache = cache
        """The compiler's per-kernel cache, shared by all documents (None: analyze without one)."""
        self._docs: dict[str, Document] = {}
        self._executor = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="pyasc-analyze")
        self.on_change: list[Callable[[Document], None]] = []
        """Called with a document whose buffer changed, once its own analysis is scheduled."""
        self.on_open: list[Callable[[Document], None]] = []
        """Called with each document as it opens, before its first analysis has started."""
        self.on_save: list[Callable[[Document], None]] = []
        """Called with a document saved while its analysis is current (else the next accepted one is kept)."""
        self.on_analysis: list[Callable[[Document], None]] = []
        """Called with a document after each accepted front-end result."""
        self.on_cpp: list[Callable[[Document], None]] = []
        """Called with a document after each accepted C++-tier result."""
        self.on_early: list[Callable[[Document, Analysis], None]] = []
        """Called with a document and a preview (its text and diagnostics only) when an analysis still under way
        already knows its diagnostics; `on_analysis` follows with the whole result."""
        self._fronts = 0
        """Analyses in the analysis thread (or queued for it) whose result the event loop has not taken yet: the
        second stage of a staged one waits for none to be left (`_finish_staged`)."""
        self._no_fronts = asyncio.Event()
        self._running: tuple[Document, int, asyncio.AbstractEventLoop, object] | None = None
        """The analysis in the analysis thread right now: document, version, event loop, run marker."""
        self.cpp_submit: Callable[[Analysis, Config], concurrent.futures.Future[list[Diagnostic]] | None] | None = None
        self.progress: CppProgress | None = None
        self.on_error: Callable[[str], None] = lambda message: logger.error("%s", message)
        self.changed = asyncio.Event()
        """Set (and replaced) whenever a result of either tier is accepted: long-polling requests wait on it."""
        self.overlay = reads.Overlay()
        """The open documents' texts, read instead of their files by every analysis and listener (pyasc.reads)."""
        self._ticks = 0
        self.on_settled: list[Callable[[Document], None]] = []
        """Called with a document once a front-end run of it has ended (its result accepted and announced, or
        failed), and with each document as it closes: what read its text may now be outdated."""

    # -- documents ------------------------------------------------------------------------------------------------
    def get(self, uri: str) -> Document | None:
        return self._docs.get(uri)

    def all(self) -> list[Document]:
        return list(self._docs.values())

    def tick(self) -> int:
        """The next value of a clock that orders buffer changes and analysis runs."""
        self._ticks += 1
        return self._ticks

    def open(self, uri: str, path: str, text: str, version: int) -> Document:
        self.close(uri)  # a re-open replaces the document and whatever was scheduled for it
        doc = Document(uri, path, version, text)
        self._docs[uri] = doc
        self.overlay.set(path, text, self.tick())
        self._schedule(doc, 0.0)
        self._call(self.on_open, doc)
        return doc

    def saved(self, uri: str) -> None:
        """The document's text is now the file's: its analysis is worth keeping, now or when it is done (`persist`)."""
        doc = self._docs.get(uri)
        if doc is None:
            return
        doc.persist = doc.current is None
        if not doc.persist:
            self._call(self.on_save, doc)

    def _call(self, listeners: list[Callable[..., None]], *args: Any, report: bool = False) -> None:
        """Each listener in turn: one feature's failure must not stop the others; it is logged, and with `report`
        also told to the client (`on_error`).  They see the open buffers as the analysis does (a stored result's
        reads are checked against them)."""
        for listener in listeners:
            try:
                with reads.using(self.overlay):
                    listener(*args)
            except Exception as exc:
                name = getattr(listener, "__qualname__", listener)
                logger.exception("listener %s failed", name)
                if report:
                    self.on_error(f"{name} failed: {exc!r}")

    def change(self, uri: str, text: str, version: int) -> Document | None:
        doc = self._docs.get(uri)
        if doc is None:
            return None
        doc.text = text
        doc.version = version
        self.overlay.set(doc.path, text, self.tick())
        self._cancel_cpp(doc)
        self._schedule(doc, self.debounce)
        self._call(self.on_change, doc)
        return doc

    def close(self, uri: str) -> None:
        doc = self._docs.pop(uri, None)
        if doc is None:
            return
        if not any(d.path == doc.path for d in self._docs.values()):
            self.overlay.drop(doc.path, self.tick())
        for task in (doc.task, doc.cpp_task):
            if task is not None:
                task.cancel()
        for w in doc.waiters:
            if not w.done():
                w.set_result(None)
        self._call(self.on_settled, doc)  # what read its buffer reads the file now

    def reanalyze_all(self) -> None:
        """Configuration changed: every open document is analyzed again."""
        self.reanalyze(list(self._docs.values()))

    def reanalyze(self, docs: list[Document]) -> None:
        """Configuration changed for `docs`: each is analyzed again."""
        for doc in docs:
            self._cancel_cpp(doc)
            doc.analysis_version = None
            self._schedule(doc, 0.0)

    def refresh(self, doc: Document) -> None:
        """A file `doc`'s analysis read has changed: analyze it again now (a run under way is superseded).  Unlike
        `reanalyze`, its present result keeps answering requests until the new one is accepted."""
        if self._docs.get(doc.uri) is not doc:
            return
        doc.outdated.clear()
        self._cancel_cpp(doc)
        self._schedule(doc, 0.0)

    def in_flight(self, doc: Document, since: int) -> bool:
        """Whether a front-end run of `doc` is under way that reads every buffer as of tick `since` (one still
        waiting out its quiet time reads them when it starts)."""
        return doc.task is not None and not doc.task.done() and (not doc.analyzing or doc.run_mark > since)

    async def wait_current(self, uri: str, timeout: float = 3.0) -> Document | None:
        """The document once its present version is analyzed (or after `timeout`, with what there is)."""
        doc = self._docs.get(uri)
        if doc is None or doc.current is not None:
            return doc
        await self._wait_release(doc, timeout)
        # Never analyzed yet (the first analysis of a large file, its diagnostics already out early): there is nothing
        # to answer from, so wait for that first result instead of answering nothing.
        while self._docs.get(uri) is doc and doc.analysis is None and doc.task is not None and not doc.task.done():
            await self._wait_release(doc, None)
        return self._docs.get(uri)

    @staticmethod
    async def _wait_release(doc: Document, timeout: float | None) -> None:
        """Until the document's next result is accepted (or it closes, or its analysis fails), at most `timeout`."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        doc.waiters.append(fut)
        try:
            await asyncio.wait_for(fut, timeout)
        except asyncio.TimeoutError:
            pass
        finally:
            if fut in doc.waiters:
                doc.waiters.remove(fut)

    def warm_up(self, job: Callable[[], Any]) -> concurrent.futures.Future[Any]:
        """Run `job` in the analysis thread ahead of any analysis (e.g. importing the compiler and making its cache):
        it overlaps the client's initialize round trip, and every analysis queued behind it sees its effect."""
        return self._executor.submit(job)

    def shutdown(self) -> None:
        for doc in list(self._docs.values()):
            self.close(doc.uri)
        self._executor.shutdown(wait=False, cancel_futures=True)

    # -- front end ------------------------------------------------------------------------------------------------
    def _schedule(self, doc: Document, delay: float) -> None:
        doc.generation += 1
        if doc.task is not None and not doc.task.done():
            if doc.analyzing:
                return  # the run under way analyzes the newest text as soon as its thread returns
            doc.task.cancel()
        doc.task = asyncio.get_running_loop().create_task(self._run_front_end(doc, delay))

    async def _run_front_end(self, doc: Document, delay: float) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        while True:
            generation, version, text = doc.generation, doc.version, doc.text
            config = self._config_for(doc.path)
            analysis = await self._analyze_once(doc, version, text, config)
            if self._docs.get(doc.uri) is not doc:
                return
            if doc.generation == generation:
                if analysis is None:
                    self._release(doc)
                    self._call(self.on_settled, doc)
                    return
                outdated = self._outdated(doc, analysis)
                if not outdated:
                    break
                pending = [d for d in self._docs.values() if reads.key(d.path) in outdated and d is not doc
                           and d.task is not None and not d.task.done()]
                logger.debug("dropped analysis of %s version %s: %s changed while it ran", doc.uri, version,
                             ", ".join(sorted(outdated)))
                if pending:  # analyzed again after theirs (features.dependents), not before
                    doc.outdated = outdated
                    self._release(doc)
                    return
                continue
            # superseded while it ran: the newest text is analyzed now, the result above is dropped
            logger.debug("dropped analysis of %s version %s (now %s)", doc.uri, version, doc.version)
        if doc.analysis_version == version:
            doc.cpp_version = None  # the C++ findings of the result it replaces are not this one's
        doc.analysis, doc.analysis_version, doc.config = analysis, version, config
        doc.analysis_mark = doc.run_mark
        doc.analyses += 1
        self._fit_cache()
        self._release(doc)
        self._notify(self.on_analysis, doc)
        # After the listeners (none reads `good`), so that the first diagnostics go out before the IDE module loads.
        from pyasc.compiler.ide.navigation import parsed

        if parsed(analysis):
            doc.good = analysis
        self._start_cpp(doc, config)
        self._call(self.on_settled, doc)

    def _outdated(self, doc: Document, analysis: Analysis) -> set[str]:
        """The buffers `analysis` read that changed after its run started, to other text (or closed)."""
        out: set[str] = set()
        for path, seen in analysis.reads:
            if self.overlay.changed_at(path) > doc.run_mark:
                with reads.using(self.overlay):
                    if reads.state(path) != seen:
                        out.add(reads.key(path))
        return out

    async def _analyze_once(self, doc: Document, version: int, text: str, config: Config) -> Analysis | None:
        """One analysis in the analysis thread; None when it failed (reported)."""
        run = doc.run = object()
        doc.run_mark = self.tick()
        doc.outdated = set()
        doc.analyzing = True
        try:
            loop = asyncio.get_running_loop()
            started = time.perf_counter()
            # Shielded: closing the document cancels this task, but the thread finishes anyway; its result is then
            # dropped.
            running = (doc, version, loop, run)
            self._fronts += 1
            inner = loop.run_in_executor(self._executor, self._analyze_now, text, doc.path, config, running)
            try:
                analysis = await asyncio.shield(inner)
            except asyncio.CancelledError:
                inner.add_done_callback(self._finish_dropped)
                raise
            finally:
                self._fronts -= 1
                if not self._fronts:
                    self._no_fronts.set()
            if callable(getattr(analysis, "finish", None)):  # staged: its diagnostics are known, the rest is not
                analysis = await self._finish_staged(doc, version, run, analysis, loop)
            logger.debug("analyzed %s version %s in %.1f ms", doc.uri, version, (time.perf_counter() - started) * 1e3)
            if self._idle is not None:
                loop.call_later(IDLE_AFTER, self._when_idle)
            return analysis
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self.on_error(f"analysis of {doc.uri} (version {version}) failed: {exc!r}")
            logger.exception("analysis failed")
            return None
        finally:
            doc.analyzing = False

    def _analyze_now(self, text: str, path: str, config: Config,
                     running: tuple[Document, int, asyncio.AbstractEventLoop, object] | None = None) -> Analysis:
        """In the analysis thread: the cache is read here, after any warm-up job queued before has set it."""
        self._running = running
        try:
            with reads.using(self.overlay):
                result = self._analyze(text, path, config, self.cache)
            if callable(getattr(result, "finish", None)):
                # staged: its diagnostics go out before this thread takes the next run (an importer queued at the
                # edit), which would otherwise hold the GIL while the event loop publishes them
                self.early(result)
            return result
        finally:
            self._running = None

    async def _finish_staged(self, doc: Document, version: int, run: object, staged: Any,
                             loop: asyncio.AbstractEventLoop) -> Analysis:
        """A result that stopped at its diagnostics (the compiler's analyze_staged): they went out before the analysis
        thread let go of it (`_analyze_now`; here, if they could not then), then the runs
        their listeners queue (the open files importing this one) reach the analysis thread ahead of the rest of
        this one (its C++ is no importer's input), which follows once no run's diagnostics are on their way: the
        thread would otherwise share the GIL in 1 ms turns with the event loop publishing them."""
        if doc.early_run is not run:  # (else published from the analysis thread, early())
            self._accept_early(doc, version, run, staged)
        try:
            await asyncio.sleep(0)  # a run queued above submits its analysis in its first step: it goes first
            while self._fronts:
                self._no_fronts.clear()
                await self._no_fronts.wait()
        except asyncio.CancelledError:  # closed meanwhile: finished all the same (the collector's pause it
            # holds ends with it, pipeline/staged.py), its result dropped
            loop.run_in_executor(self._executor, self._finish_now, staged)
            raise
        return await asyncio.shield(loop.run_in_executor(self._executor, self._finish_now, staged))

    def _finish_dropped(self, done: asyncio.Future[Any]) -> None:
        """A run cancelled (its document closed) while its first stage was on its way: a staged result is finished
        all the same, its result dropped, so that the collector's pause it holds ends (pipeline/staged.py)."""
        if done.cancelled() or done.exception() is not None:
            return
        staged = done.result()
        if callable(getattr(staged, "finish", None)):
            try:
                self._executor.submit(self._finish_now, staged)
            except RuntimeError:  # shut down: the process is ending
                pass

    def _finish_now(self, staged: Any) -> Analysis:
        """In the analysis thread: the rest of a staged analysis, reading the buffers as they are now."""
        with reads.using(self.overlay):
            return staged.finish()

    def _when_idle(self) -> None:
        """On the event loop, IDLE_AFTER seconds after an analysis: the idle work, unless an analysis runs or waits
        (a file that imports the one just analyzed is analyzed again next: it must not wait behind it)."""
        if any(d.task is not None and not d.task.done() for d in self._docs.values()):
            return
        self._executor.submit(self._run_idle)

    def _run_idle(self) -> None:
        """In the analysis thread, between analyses: never fails an analysis."""
        try:
            if self._idle is not None:
                self._idle()
        except Exception:  # noqa: BLE001 - only ever a head start
            logger.debug("idle work failed", exc_info=True)

    def early(self, preview: Analysis) -> None:
        """From the analysis thread, during an analysis or at the end of a staged one's first call: its diagnostics
        are known before the rest of it (the C++ is generated after them, and the start-up worker sends them
        first), so they are published that much sooner; everything else (the C++ panel, hover data, the C++ tier)
        waits for the whole result.

        The analysis thread waits (up to EARLY_WAIT seconds) until the event loop has published them: the two
        threads would otherwise share the GIL in 1 ms turns, and the publish would wait out the generator's."""
        running = self._running
        if running is None:
            return
        doc, version, loop, run = running
        published = threading.Event()
        try:
            loop.call_soon_threadsafe(self._accept_early, doc, version, run, preview, published)
        except RuntimeError:  # the loop is closed: nothing to publish to
            return
        published.wait(EARLY_WAIT)

    def _accept_early(self, doc: Document, version: int, run: object, preview: Analysis,
                      published: threading.Event | None = None) -> None:
        try:
            if self._docs.get(doc.uri) is not doc or doc.version != version or doc.run is not run:
                return
            previous = doc.analysis.reads if doc.analysis is not None else ()
            if any(self.overlay.changed_at(p) > doc.run_mark for p, _ in previous):
                return  # a module it imports changed in its buffer meanwhile: the whole result decides
            doc.early_run = run
            doc.early_diagnostics = preview.diagnostics
            self._call(self.on_early, doc, preview)  # on a failure the whole result follows and is published
        finally:
            if published is not None:
                published.set()

    def _fit_cache(self) -> None:
        """Keep the kernel cache about twice the open kernels: enough for every kernel plus recent edits, and a
        bound on memory however long the session (each entry holds a whole kernel's analysis)."""
        if self.cache is None or not hasattr(self.cache, "size"):
            return
        kernels = sum(len(d.analysis.kernels) for d in self._docs.values() if d.analysis is not None)
        self.cache.size = max(CACHE_MIN, 2 * kernels + 8)

    def _notify(self, listeners: list[Callable[[Document], None]], doc: Document) -> None:
        changed, self.changed = self.changed, asyncio.Event()
        changed.set()
        self._call(listeners, doc, report=True)

    @staticmethod
    def _release(doc: Document) -> None:
        waiters, doc.waiters = doc.waiters, []
        for w in waiters:
            if not w.done():
                w.set_result(None)

    # -- C++ tier -------------------------------------------------------------------------------------------------
    def _cancel_cpp(self, doc: Document) -> None:
        if doc.cpp_task is not None and not doc.cpp_task.done():
            doc.cpp_task.cancel()
        doc.cpp_task = None

    def _start_cpp(self, doc: Document, config: Config) -> None:
        analysis = doc.analysis
        if analysis is None or not analysis.cpp or not config.cpp_checks or self.cpp_submit is None:
            return
        # Also with front-end errors: check_cpp leaves out the kernels that have them and checks the others.
        self._cancel_cpp(doc)
        doc.cpp_task = asyncio.get_running_loop().create_task(self._run_cpp(doc, analysis, config, doc.version))

    async def _run_cpp(self, doc: Document, analysis: Analysis, config: Config, version: int) -> None:
        await asyncio.sleep(self.cpp_delay)
        if self.cpp_submit is None or doc.version != version:
            return
        try:
            future = self.cpp_submit(analysis, config)
        except Exception as exc:
            self.on_error(f"C++ checks of {doc.uri} could not start: {exc!r}")
            return
        if future is None:
            return
        handle: Any = None
        outcome = "done"
        try:
            if self.progress is not None:
                handle = await self.progress.begin(doc)
            wrapped = asyncio.wrap_future(future)
            while True:
                done, _ = await asyncio.wait({wrapped}, timeout=0.1)
                if done:
                    break
                if self.progress is not None and self.progress.cancel_requested(handle):
                    future.cancel()
                    outcome = "cancelled"
                    return
            diags = wrapped.result()
        except asyncio.CancelledError:
            future.cancel()
            outcome = "cancelled"
            raise
        except Exception as exc:
            outcome = "failed"
            self.on_error(f"C++ checks of {doc.uri} failed: {exc!r}")
            return
        finally:
            if self.progress is not None and handle is not None:
                self.progress.end(handle, outcome)
        if self._docs.get(doc.uri) is not doc or doc.version != version or doc.analysis is not analysis:
            return
        doc.cpp, doc.cpp_version = list(diags), version
        self._notify(self.on_cpp, doc)

