"""The server object and the state its features share.

No handler lives here, and nothing here imports a feature: each LSP feature is one module of `pyasc_lsp.features`
with a `setup(server)` that depends on this module, and `features.create_server` sets them up in order.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import gc
import json
import logging
import threading
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.capabilities import get_capability
from pygls.exceptions import (
    FeatureRequestError,
    JsonRpcException,
    JsonRpcInvalidParams,
    JsonRpcMethodNotFound,
    JsonRpcParseError,
)
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, lsp_method
from pygls.uris import to_fs_path

from pyasc import reads

from . import __version__
from .config import Settings
from .convert import Positions, lsp_newlines
from .prefork import Worker, WorkerError
from .workspace import Document, Documents

logger = logging.getLogger("pyasc_lsp")


def _analyze(text: str, path: str, config: Any, cache: Any, early: Any = None) -> Any:
    """pyasc's one entry point, imported when first needed so that importing the server stays cheap.

    The text goes in with LSP's line ends (a lone \r written as \n, offsets unchanged), so pyasc's line numbers are
    the client's.  `early` gets a preview (an Analysis holding only the text and the diagnostics) as soon as the
    diagnostics are known, before the C++ is generated.
    """
    from pyasc.compiler.pipeline.analysis import analyze

    text = lsp_newlines(text)
    hook = None if early is None else functools.partial(_preview, early, path, text)
    return analyze(text, path, config, cache, early=hook)


def _analyze_staged(text: str, path: str, config: Any, cache: Any) -> Any:
    """_analyze in two calls (pipeline/staged.py): up to the diagnostics, then (`finish()` on the result) the rest;
    or the whole result at once when there is nothing to show before it."""
    from pyasc.compiler.pipeline.staged import analyze_staged

    return analyze_staged(lsp_newlines(text), path, config, cache)


def _prepare_next() -> int:
    """The compiler's work ahead for the next edit (pipeline.analysis.prepare_next), in idle time."""
    from pyasc.compiler.pipeline.analysis import prepare_next

    return prepare_next()


def _preview(early: Any, path: str, text: str, diagnostics: list[Any]) -> None:
    from pyasc.compiler.pipeline.results import Analysis

    early(Analysis(path=path, text=text, diagnostics=diagnostics))


CACHE_ITEMS = 12_000
"""Budget of the per-kernel cache in analysis items (typed expressions, calls, symbols, hints of its entries): about
a kilobyte each with the rest of an entry, so some 12 MB.  The cache's own bound counts entries (about twice the open
kernels), and one entry of a 1,000-line kernel with its helpers holds some 2,500 items: counted in entries alone, 32
versions of such a kernel (80 MB) stayed alive over a long editing session."""


CACHE_KEEP = 2
"""Entries kept whatever they weigh: the last kernels analyzed."""


def unit_weight(unit: Any) -> int:
    """What an entry of the per-kernel cache holds, in analysis items."""
    return 1 + sum(len(getattr(unit, name, ()) or ()) for name in ("expr_types", "calls", "symbols", "hints"))


def make_cache() -> Any:
    """The compiler's per-kernel cache (shared by all documents) when it offers one, bounded in what it holds as
    well as in entries (`CACHE_ITEMS`; the least recently used go first, which are the older versions of edited
    kernels: the current kernels of the open files are looked up on every analysis)."""
    from pyasc.compiler.pipeline import analysis

    factory = getattr(analysis, "AnalysisCache", None)
    if not callable(factory):
        return None
    cache = factory()
    put = getattr(cache, "put", None)
    items = getattr(cache, "_items", None)
    lock = getattr(cache, "_lock", None)
    if put is None or not isinstance(items, dict) or lock is None:
        return cache
    weights: dict[str, int] = {}

    def bounded_put(key: str, unit: Any) -> None:
        put(key, unit)
        with lock:
            weights[key] = unit_weight(unit)
            for gone in [k for k in weights if k not in items]:
                del weights[gone]
            total = sum(weights.values())
            while total > CACHE_ITEMS and len(items) > CACHE_KEEP:
                oldest = next(iter(items))
                items.pop(oldest)
                total -= weights.pop(oldest, 0)

    cache.put = bounded_put
    cache.weight = lambda: sum(weights.values())
    return cache


START_UP_LIMIT = 30.0
"""Seconds after which start-up ends (the collector back on) even if no document was analyzed yet."""

ANSWERED = object()
"""Stands for a message that was answered with an error while it was being read."""


class PyascProtocol(LanguageServerProtocol):
    """pygls' protocol, minus a per-notification leak: pygls 2.1 files the future of each notification handled by a
    generator or coroutine (didOpen, didChange, ...) among pending requests under a fresh id and never removes it,
    so every keystroke kept about a kilobyte alive.  Those futures are dropped once done."""

    def _handle_notification(self, method_name: str, params: Any) -> None:
        before = set(self._request_futures)
        super()._handle_notification(method_name, params)
        for key in set(self._request_futures) - before:
            future = self._request_futures[key]
            if future.done():
                self._request_futures.pop(key, None)
            else:
                future.add_done_callback(functools.partial(self._forget_future, key))

    def _forget_future(self, key: Any, _future: Any) -> None:
        self._request_futures.pop(key, None)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams) -> Any:
        """The server's handler gets the changes as the client sent them, and pygls' copy of the document is not
        updated: nothing reads it (the documents are pyasc_lsp.workspace's, with LSP's line rules), and its update
        re-splits the whole text on every keystroke and clamps the ranges of `params` in place."""
        if (user_handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CHANGE)) is not None:
            yield user_handler, (params,), None

    @lsp_method(types.SHUTDOWN)
    def lsp_shutdown(self, *args: Any) -> Any:
        """As pygls, which cancels every pending request but this one while iterating over them: cancelling the
        future of a notification still running (the `initialized` handler, right after start) removes it from
        that same table (`_forget_future`), and the shutdown answered -32603 "dictionary changed size during
        iteration".  The futures are cancelled from a copy."""
        if (user_handler := self.fm.features.get(types.SHUTDOWN)) is not None:
            yield user_handler, args, None
        current_id = self.msg_id
        for msg_id, future in list(self._request_futures.items()):
            if msg_id != current_id and not future.done():
                future.cancel()
        self._shutdown = True
        return None

    def structure_message(self, data: Any) -> Any:
        """As pygls, but a request whose params do not fit its method is answered (-32602, or -32601 for a method
        the server does not have) instead of being dropped unanswered."""
        try:
            return super().structure_message(data)
        except JsonRpcException:
            if not (isinstance(data, dict) and "id" in data and isinstance(data.get("method"), str)):
                raise
            method = data["method"]
            known = method in self.fm.features or method in self.fm.builtin_features
            error = JsonRpcInvalidParams() if known else JsonRpcMethodNotFound.of(method)
            self._send_response(data["id"], error=error.to_response_error())
            return ANSWERED

    def handle_message(self, message: Any) -> None:
        if message is ANSWERED:
            return
        super().handle_message(message)


class PyascServer(LanguageServer):
    """The language server with the state its features share."""

    def __init__(self) -> None:
        super().__init__("pyasc-lsp", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                         protocol_cls=PyascProtocol)
        self.settings = Settings()
        self.docs = Documents(self._analyze_routed, self._config_for, idle=_prepare_next)
        self.pull_diagnostics = False
        """True when the client asks for diagnostics (textDocument/diagnostic) instead of receiving them."""
        self.loop: asyncio.AbstractEventLoop | None = None
        """The event loop serving the connection (set at initialize)."""
        self.cpp_tier: Any = None
        """The C++ checker front (features.diagnostics.CppTier), set up by the diagnostics feature."""
        self.docs_uri: str | None = None
        """file: URI of docs/diagnostics.md, the target of each diagnostic's codeDescription."""
        self.collect_after_start = False
        """Start-up ran with the cyclic collector off (pyasc_lsp.__main__): collect once and switch it back on when
        the first diagnostics are out (`end_start_up`)."""
        self._started = False
        self._started_lock = threading.Lock()
        self._warming: concurrent.futures.Future[Any] | None = None
        self.worker: Worker | None = None
        """The forked analysis worker (pyasc_lsp.prefork) serving the first analyses, until the compiler is warm
        in this process."""
        self._in_process_warming = False
        self.settings_fetched: asyncio.Event | None = None
        """Set once the client's answer to workspace/configuration (asked at initialized) is applied; None when
        the client cannot answer it."""
        self.dependents: Any = None
        """The reverse index of what the open documents' analyses read (features.dependents.Dependents)."""
        self.warm_start: Any = None
        """The persistent store of published diagnostics (features.warm_start.WarmStart), set up by that feature."""

    def warm_up(self) -> None:
        """Once: find the diagnostics page, then import the compiler and make its cache in the analysis thread.

        Queued at start, before the first message is read, so that it overlaps the initialize round trip instead of
        holding up the initialize answer; the first analysis is queued behind it in the same thread.  With a
        forked worker the compiler import waits until the first diagnostics are out (the worker answers until
        then) and runs beside later analyses, not before them.
        """
        if self._warming is not None:
            return
        if self.worker is not None and not self.worker.closed:
            self._warming = self.docs.warm_up(self._find_docs)
            self.docs.on_analysis.append(self._after_first_analysis)
        else:
            self._warming = self.docs.warm_up(self._warm)
            self.docs.on_analysis.append(self._after_first_in_process)
        # a client that opens no document for a while: start-up ends anyway
        timer = threading.Timer(START_UP_LIMIT, self.end_start_up)
        timer.daemon = True
        timer.start()

    def _find_docs(self) -> None:
        try:
            if self.docs_uri is None:
                self.docs_uri = find_docs().as_uri()
        except Exception:
            logger.exception("the diagnostics page cannot be found")

    def _warm(self) -> None:
        try:
            self._find_docs()
            if self.docs.cache is None:
                self.docs.cache = make_cache()
        except Exception:
            logger.exception("start-up of the compiler failed")

    def _after_first_in_process(self, doc: Document) -> None:
        """On the event loop, after the first results went out (no worker): start-up ends in the analysis thread,
        behind whatever analysis is queued there."""
        if not self._started:
            self.docs.warm_up(self.end_start_up)

    def end_start_up(self) -> None:
        """Once, after the first diagnostics: everything imported so far (pygls, lsprotocol, the compiler, the API
        tables) lives as long as the process, so it is kept out of the collector's passes for good, after one
        collection of start-up's garbage; then the collector runs as usual."""
        with self._started_lock:
            if self._started:
                return
            self._started = True
        from . import codecache

        codecache.save()
        if self.collect_after_start:
            gc.collect()
        gc.freeze()
        if self.collect_after_start:
            gc.enable()
        logger.debug("start-up ended: %d objects kept out of the collector's passes, collector %s",
                     gc.get_freeze_count(), "on" if gc.isenabled() else "off")
        threading.Thread(target=_warm_completion, name="pyasc-warm-completion", daemon=True).start()

    def _analyze_routed(self, text: str, path: str, config: Any, cache: Any) -> Any:
        """The analysis thread's entry point: the worker's warm compiler while this process has none yet (no kernel
        cache), else the compiler in-process, in two stages (its diagnostics first: Documents._finish_staged).  Both
        run the same analysis stages on the same text."""
        worker = self.worker
        if cache is None and worker is not None and not worker.closed:
            try:
                result = worker.analyze(lsp_newlines(text), path, config, early=self.docs.early)
                # the worker reads the disk: a module open in a buffer with other text is read here instead
                if not any(reads.state(p) != seen for p, seen in result.reads if p in self.docs.overlay):
                    return result
                logger.debug("%s imports an open module with unsaved text: analyzing in this process", path)
            except WorkerError as exc:
                logger.info("%s; analyzing in this process", exc)
        return _analyze_staged(text, path, config, cache)

    def _after_first_analysis(self, doc: Document) -> None:
        """On the event loop, after the first results went out: warm the compiler in this process, in a thread of
        its own, seeding its kernel cache with the open documents; the worker keeps answering meanwhile."""
        if self._in_process_warming:
            return
        self._in_process_warming = True
        jobs = [(lsp_newlines(d.text), d.path, self._config_for(d.path)) for d in self.docs.all()]
        threading.Thread(target=self._warm_in_process, args=(jobs,), name="pyasc-warm", daemon=True).start()

    def _warm_in_process(self, jobs: list[tuple[str, str, Any]]) -> None:
        try:
            cache = make_cache()
            for text, path, config in jobs:
                _analyze(text, path, config, cache)  # results dropped: only the kernel cache is wanted
            self.docs.cache = cache
        except Exception:
            logger.exception("start-up of the compiler failed")
        finally:
            worker = self.worker
            if worker is not None:
                worker.close()
            self.end_start_up()

    def report_server_error(self, error: Exception, source: Any) -> None:
        """Errors outside any request: a frame that is not JSON gets JSON-RPC's parse error (id null); the rest go
        to the log (window/logMessage) rather than a pop-up, and the server keeps serving."""
        if isinstance(error, json.JSONDecodeError):
            parse_error = JsonRpcParseError()
            # Written as a plain dict: the converter would drop the id, which must be null here.
            self.protocol._send_data({"jsonrpc": "2.0", "id": None,
                                      "error": {"code": parse_error.code, "message": parse_error.message}})
            return
        if source is FeatureRequestError:
            return  # already answered to the request that failed
        logger.error("%s: %s", getattr(source, "__name__", source), error)

    # -- shared helpers used by features --------------------------------------------------------------------------
    def _config_for(self, path: str) -> Any:
        cfg, messages = self.settings.config_for(path)
        for m in messages:
            self.show_message_threadsafe(m, types.MessageType.Warning)
        return cfg

    def call_on_loop(self, fn: Any, *args: Any) -> None:
        """Run `fn(*args)` on the event loop thread (protocol writes are not thread-safe)."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            fn(*args)
        else:
            loop.call_soon_threadsafe(fn, *args)

    def show_message_threadsafe(self, message: str, kind: types.MessageType) -> None:
        """window/showMessage from any thread."""
        self.call_on_loop(self.window_show_message, types.ShowMessageParams(type=kind, message=message))

    @property
    def encoding(self) -> str:
        try:
            enc = self.workspace.position_encoding or types.PositionEncodingKind.Utf16
        except RuntimeError:
            enc = types.PositionEncodingKind.Utf16
        return str(getattr(enc, "value", enc))

    def positions(self, text: str) -> Positions:
        return Positions(text, self.encoding)

    def positions_of_file(self, path: str) -> Positions:
        """Positions in another file (a related location, an imported definition): its open text, else the disk's."""
        open_doc = next((d for d in self.docs.all() if d.path == path), None)
        try:
            text = open_doc.text if open_doc else Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
        return self.positions(text)

    def capability(self, path: str, default: Any = None) -> Any:
        return get_capability(self.client_capabilities, path, default)

    def markdown_ok(self, path: str) -> bool:
        """Whether the client renders markdown for the capability at `path` (a list of MarkupKinds)."""
        formats = self.capability(path, []) or []
        return types.MarkupKind.Markdown in formats


def _warm_completion() -> None:
    """After start-up: make the items after `asc.` (from the API tables, 50-90 ms) before the first completion asks."""
    try:
        from pyasc.compiler.ide.completion import complete

        complete("asc.", 1, 4, None)
    except Exception:  # noqa: BLE001 - only a head start
        logger.debug("completion warm-up failed", exc_info=True)


def path_of(uri: str) -> str:
    """Filesystem path of a URI; other schemes (untitled:) keep the URI as the analysis path."""
    return to_fs_path(uri) or uri


def _repository_docs() -> Path:
    return Path(__file__).resolve().parents[1] / "docs" / "diagnostics.md"


def docs_location() -> Path:
    """Where `find_docs` finds (or writes) the diagnostics page, found without generating it."""
    import os

    repo_doc = _repository_docs()
    if repo_doc.is_file():
        return repo_doc
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pyasc" / "docs" / "diagnostics.md"


def find_docs() -> Path:
    """docs/diagnostics.md of the source tree when the server runs from one, else a generated copy in the cache.

    Both are the same text (`make docs` generates the repository file from the code table), so links always work,
    whether pyasc is installed from a checkout or from a wheel that ships no docs folder.
    """
    target = docs_location()
    if target == _repository_docs():
        return target
    from pyasc.compiler.diagnostics.codes import docs_markdown

    text = docs_markdown()
    try:
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    except OSError:
        logger.warning("cannot write %s; diagnostic links point at a missing file", target)
    return target
