"""Diagnostics at once for a file seen before: the persistent store (`pyasc.diagstore`) read at didOpen.

When a document opens, before its first analysis (and before this process has imported the compiler), the
diagnostics published for the same file in an earlier session are published again if nothing they depend on
changed: the text (sha256), the path and URI, the build of pyasc, the language server and the protocol packages,
the effective configuration, the position encoding, the diagnostics page linked, and every other file the analysis
read (`Analysis.reads`; an imported module open in the editor counts with its buffer's text, as the analysis reads
it).  The analysis still runs; the diagnostics feature publishes its results only where they
differ from what went out (`already_published`), so a client sees one publish for an unchanged file and the fresh
diagnostics otherwise.  Edits never read the store.  What is kept: the front end's LSP diagnostics as the server
publishes them, after the first analysis of each opened document and after each save.  Not kept: results with an
internal error or a time ceiling (PA901, PA902: they depend on the moment), results whose related locations lie in
another open document (converted from its unsaved text).  Pull-diagnostics clients are answered by the analysis.
A miss while the client's settings are being fetched (workspace/configuration) is looked up again once they are
applied: they are part of the context, and a client such as VS Code sends its settings only that way.
Off with the `warmCache` setting or PYASC_LSP_CACHE=0.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import logging
import threading
import time
from pathlib import Path
from typing import Any

from lsprotocol import types

from pyasc import diagstore, reads
from pyasc.reads import state

from ..guard import guarded
from ..server import PyascServer, docs_location
from ..workspace import Document
from .common import front_end_items

logger = logging.getLogger(__name__)

SETTINGS_WAIT = 5.0
"""Longest a lookup at open waits for the client's settings before it gives up (the analysis publishes anyway)."""
UNSTORED = frozenset({"PA901", "PA902"})
"""Codes whose presence depends on the moment (an internal failure, the per-kernel time ceiling): never kept."""


def build() -> str:
    """The fingerprint of everything that turns a text into the published JSON: pyasc, this server, pygls,
    lsprotocol and cattrs, and the Python version (cached: computed once per process)."""
    import cattrs
    import lsprotocol
    import pygls

    import pyasc
    import pyasc_lsp

    roots = tuple(str(Path(m.__file__).parent) for m in (pyasc, pyasc_lsp, pygls, lsprotocol, cattrs)
                  if m.__file__)
    return diagstore.fingerprint(roots, f"pyasc {pyasc.__version__}; pyasc_lsp {pyasc_lsp.__version__}")


def context(server: PyascServer, doc: Document, config: Any, build_id: str, docs_uri: str | None) -> dict[str, Any]:
    """What the published diagnostics of `doc` depend on besides its text and the files the analysis read."""
    return {"build": build_id, "path": doc.path, "uri": doc.uri, "encoding": server.encoding, "docs": docs_uri,
            "config": dataclasses.asdict(config) if dataclasses.is_dataclass(config) else repr(config)}


def unstructure(server: PyascServer, items: list[types.Diagnostic]) -> Any:
    """The diagnostics as they go on the wire."""
    return server.protocol._converter.unstructure(items, list[types.Diagnostic])


def already_published(server: PyascServer, doc: Document, version: int | None, items: list[types.Diagnostic]) -> bool:
    """Whether exactly these diagnostics went out from the store for `version` of `doc`."""
    warm = doc.warm
    return warm is not None and warm[0] == version and unstructure(server, items) == warm[1]


class WarmStart:
    """The store's reads at open and writes after an analysis, for one server."""

    def __init__(self, server: PyascServer) -> None:
        self.server = server
        self.store = diagstore.open_store()
        self.reported = False
        self.hits = 0
        self.writes = 0
        self._build: concurrent.futures.Future[str] = concurrent.futures.Future()
        if self.store is not None:
            # About 250 stat calls: made now, while the server waits for initialize, rather than at didOpen, where
            # each would wait for the GIL behind the compiler's import in the analysis thread.
            threading.Thread(target=self._fingerprint, name="pyasc-build-id", daemon=True).start()

    def _fingerprint(self) -> None:
        try:
            self._build.set_result(build())
        except Exception as exc:  # noqa: BLE001 - no fingerprint, no store
            self._build.set_exception(exc)

    def build_id(self) -> str:
        return self._build.result(timeout=10.0)

    def context(self, doc: Document, config: Any, docs_uri: str | None) -> dict[str, Any]:
        return context(self.server, doc, config, self.build_id(), docs_uri)

    def active(self, doc: Document) -> bool:
        return self.store is not None and not self.server.pull_diagnostics \
            and self.server.settings.options.warm_cache and doc.uri.startswith("file:")

    def lookup(self, doc: Document) -> None:
        """At didOpen: publish the stored diagnostics of this exact text under the settings in force, if any.  When
        there are none and the client's settings are on their way (workspace/configuration, asked at initialized),
        again once they are applied: the configuration is part of the entry's context, and a client such as VS Code
        sends its settings only that way."""
        if not self.active(doc) or self._lookup_now(doc):
            return
        pending = self.server.settings_fetched
        if pending is not None and not pending.is_set():
            asyncio.get_running_loop().create_task(self._lookup_later(doc, doc.version, pending))

    async def _lookup_later(self, doc: Document, version: int, pending: asyncio.Event) -> None:
        try:
            await asyncio.wait_for(pending.wait(), SETTINGS_WAIT)
        except asyncio.TimeoutError:
            return
        # Only before anything of the analysis went out: stored diagnostics never follow fresher ones.
        if self.server.docs.get(doc.uri) is doc and doc.version == version and doc.analysis is None \
                and doc.early_run is None and doc.warm is None and self.active(doc):
            with reads.using(self.server.docs.overlay):  # an imported module's open buffer, as at open
                guarded("stored diagnostics")(self._lookup_now)(doc)

    def _lookup_now(self, doc: Document) -> bool:
        assert self.store is not None
        started = time.perf_counter()
        # The diagnostics page is found in the analysis thread, maybe not yet: where it will be is known already.
        docs_uri = self.server.docs_uri or docs_location().as_uri()
        payload = self.store.get(self.context(doc, self.server._config_for(doc.path), docs_uri), doc.text)
        took = (time.perf_counter() - started) * 1e3
        if not isinstance(payload, list):
            logger.debug("no stored diagnostics for %s (looked up in %.1f ms)", doc.uri, took)
            return False
        logger.debug("%d stored diagnostics for %s, found in %.1f ms", len(payload), doc.uri, took)
        doc.warm = (doc.version, payload)
        self.hits += 1
        # Written as JSON: the stored diagnostics are the wire form of what the analysis published.
        self.server.protocol._send_data({"jsonrpc": "2.0", "method": types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS,
                                         "params": {"uri": doc.uri, "version": doc.version, "diagnostics": payload}})
        return True

    def after_analysis(self, doc: Document) -> None:
        """After an accepted analysis (its publish already decided): keep it when the document asked for that."""
        doc.warm = None
        if doc.persist:
            doc.persist = False
            self.keep(doc)

    def keep(self, doc: Document) -> None:
        analysis, config = doc.analysis, doc.config
        if not self.active(doc) or analysis is None or config is None or doc.analysis_version != doc.version:
            return
        if any(d.code in UNSTORED for d in analysis.diagnostics):
            return
        reads = dict(analysis.reads)
        open_paths = {d.path for d in self.server.docs.all()}
        for d in analysis.diagnostics:
            for rel in d.related:
                if rel.path and rel.path != doc.path:
                    if rel.path in open_paths:
                        return  # its positions come from the editor's text, which the next session may not have
                    reads.setdefault(rel.path, state(rel.path))
        payload = unstructure(self.server, front_end_items(self.server, doc, analysis))
        assert self.store is not None
        if self.store.put(self.context(doc, config, self.server.docs_uri), doc.text, sorted(reads.items()), payload):
            self.writes += 1
        elif self.store.write_error and not self.reported:
            self.reported = True
            logger.info("diagnostics are not kept across sessions: %s", self.store.write_error)


def setup(server: PyascServer) -> None:
    warm = WarmStart(server)
    server.warm_start = warm
    # A failure here (a fingerprint that cannot be computed, say) costs the warm start only: the analysis publishes.
    server.docs.on_open.append(guarded("stored diagnostics")(warm.lookup))
    server.docs.on_analysis.append(guarded("keep diagnostics")(warm.after_analysis))  # after the publish
    server.docs.on_save.append(guarded("keep diagnostics")(warm.keep))
