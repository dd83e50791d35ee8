"""Incremental text sync: each change is applied to the document's text, and the new text and version go to the
scheduler."""

from __future__ import annotations

from lsprotocol import types

from .. import convert
from ..guard import guarded
from ..server import PyascServer, path_of
from . import dependents


def _is_python(uri: str, language_id: str | None) -> bool:
    return language_id == "python" or uri.endswith((".py", ".pyi"))


def setup(server: PyascServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    @guarded("didOpen")
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        item = params.text_document
        if _is_python(item.uri, item.language_id):
            server.docs.open(item.uri, path_of(item.uri), item.text, item.version)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    @guarded("didChange")
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        uri = params.text_document.uri
        doc = server.docs.get(uri)
        if doc is None:
            return
        # Applied here rather than read from pygls' copy, which splits lines where LSP does not (form feed, U+2028).
        text = convert.apply_changes(doc.text, params.content_changes, server.encoding)
        server.docs.change(uri, text, params.text_document.version)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    @guarded("didSave")
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        server.docs.saved(params.text_document.uri)
        if params.text_document.uri.endswith("pyproject.toml"):
            server.settings.forget_pyproject()
            server.docs.reanalyze_all()
        else:
            dependents.saved(server, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    @guarded("didClose")
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        if server.docs.get(uri) is None:
            return
        server.docs.close(uri)
        if not server.pull_diagnostics:
            server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
