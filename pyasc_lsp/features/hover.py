"""Hover: an API call's signature, doc, argument types and emitted C++; a name's inferred type."""

from __future__ import annotations

from lsprotocol import types

from .. import convert
from ..guard import guarded
from ..server import PyascServer
from .common import current, cursor


def setup(server: PyascServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_HOVER)
    @guarded("hover")
    async def hover(params: types.HoverParams) -> types.Hover | None:
        found = await current(server, params.text_document.uri)
        if found is None:
            return None
        _, analysis = found
        line, col = cursor(server, analysis.text, params.position)
        from pyasc.compiler.ide.hover import hover as hover_query  # not before: the first diagnostics do not need it
        info = hover_query(analysis, line, col)
        if info is None:
            return None
        markdown = server.markdown_ok("text_document.hover.content_format")
        return convert.hover(info, server.positions(analysis.text), markdown)
