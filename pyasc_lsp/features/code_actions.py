"""Quick fixes: the edits the compiler attached to a diagnostic (did-you-mean renames and others) as code actions."""

from __future__ import annotations

from lsprotocol import types

from pyasc.compiler.diagnostics.model import Span

from .. import convert
from ..guard import guarded
from ..server import PyascServer
from .common import current


def setup(server: PyascServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    @guarded("codeAction")
    async def code_action(params: types.CodeActionParams) -> list[types.CodeAction] | None:
        found = await current(server, params.text_document.uri)
        if found is None:
            return None
        doc, analysis = found
        if params.context.only and not any(k.startswith("quickfix") for k in params.context.only):
            return None
        pos = server.positions(analysis.text)
        wanted = pos.span(params.range)
        doc_changes = bool(server.capability("workspace.workspace_edit.document_changes", False))
        version = doc.analysis_version if analysis is doc.analysis else None
        cpp = doc.cpp_current if analysis is doc.analysis else []
        actions = []
        for diag in [*analysis.diagnostics, *cpp]:
            if not _overlaps(diag.span, wanted):
                continue
            lsp_diag = convert.diagnostic(diag, pos, doc.uri, doc.path, server.docs_uri)
            for i, fix in enumerate(diag.fixes):
                actions.append(types.CodeAction(
                    title=fix.title,
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[lsp_diag],
                    is_preferred=i == 0,
                    edit=convert.workspace_edit(doc.uri, fix.edits, pos, version, doc_changes),
                ))
        return actions or None


def _overlaps(a: Span, b: Span) -> bool:
    return (a.line, a.col) <= (b.end_line, b.end_col) and (b.line, b.col) <= (a.end_line, a.end_col)
