"""Document symbols: module constants, kernels and helpers, each with its pipe, queues and buffers."""

from __future__ import annotations

from lsprotocol import types

from .. import convert
from ..guard import guarded
from ..server import PyascServer
from .common import current


def setup(server: PyascServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @guarded("documentSymbol")
    async def document_symbol(params: types.DocumentSymbolParams) -> list[types.DocumentSymbol] | None:
        found = await current(server, params.text_document.uri)
        if found is None:
            return None
        _, analysis = found
        pos = server.positions(analysis.text)
        from pyasc.compiler.ide.navigation import (
            document_symbols as document_symbols_query,  # not before: the first diagnostics do not need it
        )
        return [convert.document_symbol(s, pos) for s in document_symbols_query(analysis)]
