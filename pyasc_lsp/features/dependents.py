"""Fresh across files: an edit of a module re-analyzes the open documents that import it, directly or through other
project modules.

Each accepted analysis says which files it looked for and their state then (`Analysis.reads`: every candidate of
every same-project import, followed transitively, the absent ones included; an open document's buffer stands for
its file, pyasc.reads).  From them this feature keeps the reverse index: file -> the open documents that read it,
with the state each saw.  A document is analyzed again when a file it read is now in another state:

- a buffer edited (unsaved): with no quiet time (`debounceMs` 0), at the edit, right behind the module's own run in
  the analysis thread (which runs them in turn: the thread goes from one to the next without waiting for the event
  loop); else once that buffer's own diagnostics are published (its early ones, where its analysis stopped there:
  the importers' runs then go ahead of the rest of the module's, whose C++ is no importer's input; else once its
  whole result is accepted).  Either way an importer's diagnostics follow the module's, and a burst of edits costs
  one re-analysis of each importer at a time (a run that read a buffer which changed while it ran is dropped by the
  scheduler and waits for the module's);
- a buffer opened over a file with other text, or closed (the file is read again);
- a file on disk: didSave, workspace/didChangeWatchedFiles (registered for `**/*.py` when the client can register
  it dynamically), or another analysis that read it in a newer state than an importer saw.

Pull clients are told to pull again (workspace/diagnostic/refresh) after such a re-analysis.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from lsprotocol import types

from pyasc import reads

from ..guard import guarded
from ..server import PyascServer, path_of
from ..workspace import Document, Documents

logger = logging.getLogger(__name__)

DISK_TICKS = 1024
"""Files whose last change on disk is remembered (a bound for a long session with a busy watcher)."""
WATCH_ID = "pyasc-watch-python"
"""The id of the dynamic registration of workspace/didChangeWatchedFiles."""


class Dependents:
    """The reverse index of what the open documents' analyses read, and the re-analyses it calls for."""

    def __init__(self, docs: Documents) -> None:
        self.docs = docs
        self.readers: dict[str, dict[str, str]] = {}
        """file (reads.key) -> {uri of an open document whose accepted analysis read it: the state it saw}."""
        self._indexed: dict[str, list[str]] = {}
        """uri -> the files its entry in `readers` lists (to take it out again)."""
        self.refreshed: set[str] = set()
        """URIs re-analyzed for another file's sake whose result a pulling client has not been told of yet."""
        self._disk: dict[str, int] = {}
        """file -> the tick of the last change reported on disk (a run that started before may have read the old
        text)."""
        self.count = 0
        """Re-analyses asked for (for tests and the log)."""

    # -- the index ------------------------------------------------------------------------------------------------
    def _index(self, doc: Document) -> None:
        self._unindex(doc.uri)
        analysis = doc.analysis
        if analysis is None or self.docs.get(doc.uri) is not doc:
            return
        paths = []
        for path, seen in analysis.reads:
            self.readers.setdefault(path, {})[doc.uri] = seen
            paths.append(path)
        self._indexed[doc.uri] = paths

    def _unindex(self, uri: str) -> None:
        for path in self._indexed.pop(uri, ()):
            entry = self.readers.get(path)
            if entry is not None:
                entry.pop(uri, None)
                if not entry:
                    del self.readers[path]

    def reading(self, path: str) -> list[str]:
        """URIs of the open documents whose analysis read `path`."""
        return sorted(self.readers.get(reads.key(path), {}))

    # -- events ---------------------------------------------------------------------------------------------------
    def settled(self, doc: Document) -> None:
        """After a run of `doc` ended (or it closed): its own importers, and the importers of what it read in a
        newer state than they saw."""
        if self.docs.get(doc.uri) is not doc:  # closed
            self._unindex(doc.uri)
            self.refreshed.discard(doc.uri)
            self.changed([doc.path])
            return
        if doc.analysis is not None and doc.analysis_mark == doc.run_mark:
            self._index(doc)
            for path, seen in doc.analysis.reads:  # a file that changed on disk while the run was reading it
                if self._disk.get(path, 0) > doc.analysis_mark and path not in self.docs.overlay \
                        and self._current(path) != seen:
                    self._refresh(doc, path)
                    return
        own = reads.key(doc.path)
        if own in self.readers or any(own in d.outdated for d in self.docs.all()):
            self._check(own, self._current(own), self.docs.overlay.changed_at(own))
        if doc.analysis is None:
            return
        for path, seen in doc.analysis.reads:
            if path not in self.docs.overlay and seen != reads.UNSTABLE:
                self._check(path, seen, doc.analysis_mark, newer_than=doc.analysis_mark)

    def edited(self, doc: Document) -> None:
        """`doc`'s buffer changed and its own run is queued: with no quiet time before it, the importers are queued
        behind it now (with one, its early diagnostics queue them: a run that waits out its own quiet time must not
        let theirs go first)."""
        if self.docs.debounce == 0 and doc.task is not None and not doc.task.done() and not doc.analyzing:
            self.early(doc)  # (a run under way reads the edit after it: the importers wait for that one)

    def early(self, doc: Document) -> None:
        """`doc`'s early diagnostics are out: the importers of its buffer are queued now, unless their runs are under
        way reading it (queued at the edit).  Its settling checks them again the same way."""
        own = reads.key(doc.path)
        if own in self.readers:
            self._check(own, self._current(own), self.docs.overlay.changed_at(own))

    def changed(self, paths: Iterable[str]) -> None:
        """Files changed on disk (saved, or reported by the client's watcher): the importers of each that is not
        open in a buffer (an open one is read from its buffer, which did not change)."""
        tick = self.docs.tick()
        for path in {reads.key(p) for p in paths}:
            self._disk.pop(path, None)
            self._disk[path] = tick
            while len(self._disk) > DISK_TICKS:
                del self._disk[next(iter(self._disk))]
            if path in self.readers or any(path in d.outdated for d in self.docs.all()):
                self._check(path, self._current(path), None)

    def on_disk(self) -> list[str]:
        """The files the open documents read from disk (not open in a buffer)."""
        return [p for p in self.readers if p not in self.docs.overlay]

    def _current(self, path: str) -> str:
        with reads.using(self.docs.overlay):
            return reads.state(path)

    def _check(self, path: str, current: str, since: int | None, newer_than: int | None = None) -> None:
        """Re-analyze each open document that read `path` in another state than `current` (or whose last run was
        dropped because `path` changed under it).  `since`: the tick of the buffer change, when it is one (a run
        under way that started after it reads the new text); `newer_than`: `current` was seen by a run of that tick,
        so only documents analyzed before it are behind.  A run under way that started after `since` reads the
        newer state itself."""
        seen_by = self.readers.get(path, {})
        for doc in self.docs.all():
            if reads.key(doc.path) == path:
                continue  # its own edits schedule it
            if path in doc.outdated:
                self._refresh(doc, path)
                continue
            recorded = seen_by.get(doc.uri)
            if recorded is None or recorded == current:
                continue
            if newer_than is not None and doc.analysis_mark >= newer_than:
                continue  # it saw this file after that run did
            if since is not None and self.docs.in_flight(doc, since):
                continue  # the run under way reads the new text
            self._refresh(doc, path)

    def _refresh(self, doc: Document, path: str) -> None:
        logger.debug("%s read %s, which changed: analyzing it again", doc.uri, path)
        self.count += 1
        self.refreshed.add(doc.uri)
        self.docs.refresh(doc)


def register_watch(server: PyascServer) -> None:
    """At initialized: ask the client to report changes of Python files, when it can take the registration."""
    if not server.capability("workspace.did_change_watched_files.dynamic_registration", False):
        return
    watcher = types.FileSystemWatcher(glob_pattern="**/*.py")
    options = types.DidChangeWatchedFilesRegistrationOptions(watchers=[watcher])

    async def ask() -> None:
        try:
            await server.client_register_capability_async(types.RegistrationParams(registrations=[
                types.Registration(id=WATCH_ID, method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                                   register_options=options)]))
        except Exception as exc:  # noqa: BLE001 - without it, saves and other analyses still tell
            logger.info("the client did not take the file watcher: %r", exc)

    loop = server.loop
    if loop is not None:
        loop.create_task(ask())


def setup(server: PyascServer) -> None:
    deps = Dependents(server.docs)
    server.dependents = deps

    def settled(doc: Document) -> None:
        deps.settled(doc)
        if doc.uri in deps.refreshed and doc.analysis_mark == doc.run_mark and server.docs.get(doc.uri) is doc:
            deps.refreshed.discard(doc.uri)
            if server.pull_diagnostics and server.capability("workspace.diagnostics.refresh_support", False):
                server.workspace_diagnostic_refresh(None)

    # After the diagnostics feature's listeners; a module's own run goes first whenever its importers are queued.
    server.docs.on_change.append(guarded("re-analyze importers")(deps.edited))
    server.docs.on_early.append(guarded("re-analyze importers")(lambda doc, _preview: deps.early(doc)))
    server.docs.on_settled.append(guarded("re-analyze importers")(settled))


def watched(server: PyascServer, params: types.DidChangeWatchedFilesParams) -> None:
    """workspace/didChangeWatchedFiles (its one handler is features.configuration's)."""
    deps = getattr(server, "dependents", None)
    if deps is not None:
        deps.changed(path_of(c.uri) for c in params.changes if c.uri.endswith((".py", ".pyi")))


def saved(server: PyascServer, uri: str) -> None:
    """didSave (its one handler is features.sync's): the file on disk is the buffer's text now; and the files read
    from disk are looked at again, for a client that reports no file changes (a user saving one file may have
    changed others with another program)."""
    deps = getattr(server, "dependents", None)
    if deps is not None:
        deps.changed([path_of(uri), *deps.on_disk()])
