"""Rename kernel-local names, parameters, helpers and module constants (prepareRename says what can be renamed)."""

from __future__ import annotations

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

from .. import convert
from ..guard import guarded
from ..server import PyascServer
from .common import current, cursor


def setup(server: PyascServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)
    @guarded("prepareRename")
    async def prepare_rename(params: types.PrepareRenameParams) -> types.PrepareRenamePlaceholder | None:
        found = await current(server, params.text_document.uri)
        if found is None:
            return None
        _, analysis = found
        line, col = cursor(server, analysis.text, params.position)
        from pyasc.compiler.ide.navigation import (
            prepare_rename as prepare_rename_query,  # not before: the first diagnostics do not need it
        )
        target = prepare_rename_query(analysis, line, col)
        if target is None:
            return None
        span, name = target
        return types.PrepareRenamePlaceholder(range=server.positions(analysis.text).range(span), placeholder=name)

    @server.feature(types.TEXT_DOCUMENT_RENAME, types.RenameOptions(prepare_provider=True))
    @guarded("rename")
    async def rename(params: types.RenameParams) -> types.WorkspaceEdit | None:
        found = await current(server, params.text_document.uri)
        if found is None:
            return None
        doc, analysis = found
        line, col = cursor(server, analysis.text, params.position)
        from pyasc.compiler.ide.navigation import (
            rename as rename_query,  # not before: the first diagnostics do not need it
        )
        result = rename_query(analysis, line, col, params.new_name)
        if result.error is not None:
            raise JsonRpcInvalidParams(result.error)
        version = doc.analysis_version if analysis is doc.analysis else None
        return convert.workspace_edit(doc.uri, result.edits, server.positions(analysis.text), version,
                                      bool(server.capability("workspace.workspace_edit.document_changes", False)))
