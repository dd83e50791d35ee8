"""Find references of kernel-local names, parameters, helpers and module constants."""

from __future__ import annotations

from lsprotocol import types

from ..guard import guarded
from ..server import PyascServer
from .common import current, cursor, locations


def setup(server: PyascServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_REFERENCES)
    @guarded("references")
    async def references(params: types.ReferenceParams) -> list[types.Location] | None:
        found = await current(server, params.text_document.uri)
        if found is None:
            return None
        doc, analysis = found
        line, col = cursor(server, analysis.text, params.position)
        from pyasc.compiler.ide.navigation import (
            references as references_query,  # not before: the first diagnostics do not need it
        )
        refs = references_query(analysis, line, col, params.context.include_declaration)
        return locations(server, doc, analysis, refs) or None
