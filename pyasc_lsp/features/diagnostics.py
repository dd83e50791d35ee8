"""Diagnostics of both tiers, pushed (publishDiagnostics with the version) or pulled (textDocument/diagnostic,
workspace/diagnostic) depending on what the client supports; the C++ tier reports $/progress and can be cancelled."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import uuid
from pathlib import Path
from typing import Any

from lsprotocol import types

from pyasc.compiler.diagnostics.model import Diagnostic
from pyasc.compiler.pipeline.results import Analysis
from pyasc.config import Config

from ..guard import guarded
from ..server import PyascServer
from ..workspace import Document
from .common import to_lsp
from .warm_start import already_published

logger = logging.getLogger(__name__)


class CppTier:
    """The C++ checker, imported when first needed; while pyasc.toolchain is not importable the tier stays off."""

    def __init__(self) -> None:
        self._checker: Any = None
        self._reported = False

    def _get(self) -> Any:
        if self._checker is None:
            try:
                from pyasc.toolchain import CppChecker
            except ImportError as exc:
                if not self._reported:
                    logger.info("C++ checks are off: pyasc.toolchain.CppChecker is not available (%s)", exc)
                    self._reported = True
                return None
            self._checker = CppChecker()
        return self._checker

    def submit(self, analysis: Analysis, config: Config) -> concurrent.futures.Future[list[Diagnostic]] | None:
        checker = self._get()
        return None if checker is None else checker.submit(analysis, config)

    def shutdown(self) -> None:
        stop = getattr(self._checker, "close", None) or getattr(self._checker, "shutdown", None)
        if callable(stop):
            stop()


class Progress:
    """$/progress around each C++ run, when the client supports server-initiated work-done progress."""

    def __init__(self, server: PyascServer) -> None:
        self.server = server

    async def begin(self, doc: Document) -> str | None:
        if not self.server.capability("window.work_done_progress", False):
            return None
        token = f"pyasc-cpp-{uuid.uuid4().hex[:12]}"
        try:
            await asyncio.wait_for(self.server.work_done_progress.create_async(token), 2.0)
        except Exception as exc:
            logger.debug("progress token refused: %r", exc)
            return None
        self.server.work_done_progress.begin(token, types.WorkDoneProgressBegin(
            title="pyasc: C++ checks", message=Path(doc.path).name, cancellable=True))
        return token

    def end(self, handle: Any, message: str) -> None:
        if handle is None:
            return
        self.server.work_done_progress.end(handle, types.WorkDoneProgressEnd(message=message))
        self.server.work_done_progress.tokens.pop(handle, None)

    def cancel_requested(self, handle: Any) -> bool:
        if handle is None:
            return False
        fut = self.server.work_done_progress.tokens.get(handle)
        return fut is not None and fut.cancelled()


def lsp_diagnostics(server: PyascServer, doc: Document) -> list[types.Diagnostic]:
    """Front-end and (matching) C++ findings of the document's latest analysis, as LSP diagnostics."""
    analysis = doc.analysis
    if analysis is None:
        return []
    return to_lsp(server, doc, analysis.text, [*analysis.diagnostics, *doc.cpp_current])


def result_id(doc: Document) -> str:
    """Changes with each accepted result, also one of the same version (an imported module changed)."""
    return f"{doc.analysis_version}.{doc.analyses}:{doc.cpp_version if doc.cpp_current else '-'}"


def setup(server: PyascServer) -> None:
    tier = CppTier()
    server.cpp_tier = tier
    server.docs.cpp_submit = tier.submit
    server.docs.progress = Progress(server)

    def publish(doc: Document, unless_stored: bool = False) -> None:
        if server.pull_diagnostics or doc.analysis_version != doc.version:
            return
        items = lsp_diagnostics(server, doc)
        if unless_stored and already_published(server, doc, doc.analysis_version, items):
            return  # the same diagnostics went out from the persistent store at open
        server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=doc.uri, version=doc.analysis_version, diagnostics=items))

    def publish_analysis(doc: Document) -> None:
        if doc.early_run is not None and doc.early_run is doc.run and doc.analysis is not None \
                and doc.analysis.diagnostics == doc.early_diagnostics:
            return  # this run's diagnostics went out early, and no C++ finding belongs to its result yet
        publish(doc, unless_stored=True)

    def publish_early(doc: Document, preview: Analysis) -> None:
        if server.pull_diagnostics:
            return
        items = to_lsp(server, doc, preview.text, preview.diagnostics)
        if already_published(server, doc, doc.version, items):
            return
        server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=doc.uri, version=doc.version, diagnostics=items))

    def refresh(doc: Document) -> None:
        if server.pull_diagnostics:
            if server.capability("workspace.diagnostics.refresh_support", False):
                server.workspace_diagnostic_refresh(None)
        else:
            publish(doc)

    server.docs.on_analysis.append(guarded("publish diagnostics")(publish_analysis))
    server.docs.on_early.append(guarded("publish diagnostics")(publish_early))
    server.docs.on_cpp.append(guarded("publish C++ diagnostics")(refresh))

    @server.feature(types.TEXT_DOCUMENT_DIAGNOSTIC,
                    types.DiagnosticOptions(identifier="pyasc", inter_file_dependencies=True,
                                            workspace_diagnostics=True))
    @guarded("textDocument/diagnostic")
    async def document_diagnostic(params: types.DocumentDiagnosticParams) -> types.DocumentDiagnosticReport:
        doc = await server.docs.wait_current(params.text_document.uri)
        if doc is None or doc.analysis is None:
            return types.RelatedFullDocumentDiagnosticReport(items=[])
        rid = result_id(doc)
        if params.previous_result_id == rid:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=rid)
        return types.RelatedFullDocumentDiagnosticReport(items=lsp_diagnostics(server, doc), result_id=rid)

    @server.feature(types.WORKSPACE_DIAGNOSTIC)
    @guarded("workspace/diagnostic")
    async def workspace_diagnostic(params: types.WorkspaceDiagnosticParams) -> types.WorkspaceDiagnosticReport:
        # A long poll: when the client already has every result, answer only once something changes (clients
        # re-send this request as soon as it is answered), or after WORKSPACE_POLL seconds.
        previous = {p.uri: p.value for p in params.previous_result_ids}
        while True:
            changed = server.docs.changed
            items = await _workspace_items(server, previous)
            if any(isinstance(i, types.WorkspaceFullDocumentDiagnosticReport) for i in items):
                return types.WorkspaceDiagnosticReport(items=items)
            try:
                await asyncio.wait_for(changed.wait(), WORKSPACE_POLL)
            except asyncio.TimeoutError:
                return types.WorkspaceDiagnosticReport(items=items)


WORKSPACE_POLL = 60.0
"""Longest time a workspace/diagnostic request with nothing new is held before it is answered."""


async def _workspace_items(server: PyascServer, previous: dict[str, str]) -> list[Any]:
    items: list[Any] = []
    for doc in server.docs.all():
        doc = await server.docs.wait_current(doc.uri) or doc
        if doc.analysis is None:
            continue
        rid = result_id(doc)
        if previous.get(doc.uri) == rid:
            items.append(types.WorkspaceUnchangedDocumentDiagnosticReport(
                uri=doc.uri, version=doc.analysis_version, result_id=rid))
        else:
            items.append(types.WorkspaceFullDocumentDiagnosticReport(
                uri=doc.uri, version=doc.analysis_version, items=lsp_diagnostics(server, doc), result_id=rid))
    return items
