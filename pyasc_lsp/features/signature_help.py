"""Signature help: every overload of the API being called, the active one and the active parameter."""

from __future__ import annotations

from lsprotocol import types

from .. import convert
from ..guard import guarded
from ..server import PyascServer
from .common import cursor


def setup(server: PyascServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_SIGNATURE_HELP,
                    types.SignatureHelpOptions(trigger_characters=["(", ","], retrigger_characters=[",", "="]))
    @guarded("signatureHelp")
    def signature_help(params: types.SignatureHelpParams) -> types.SignatureHelp | None:
        doc = server.docs.get(params.text_document.uri)
        if doc is None:
            return None
        text = convert.lsp_newlines(doc.text)
        line, col = cursor(server, text, params.position)
        from pyasc.compiler.ide.signature import (
            signature_help as signature_help_query,  # not before: the first diagnostics do not need it
        )
        help_ = signature_help_query(text, line, col, doc.good or doc.analysis, doc.current)
        if help_ is None:
            return None
        base = "text_document.signature_help.signature_information"
        return convert.signature_help(
            help_,
            server.markdown_ok(f"{base}.documentation_format"),
            bool(server.capability(f"{base}.parameter_information.label_offset_support", False)),
        )
