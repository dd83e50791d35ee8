"""Inlay hints: the inferred type after names that do not spell it (`x_local: LocalTensor[float16] @ VECIN`)."""

from __future__ import annotations

from lsprotocol import types

from .. import convert
from ..guard import guarded
from ..server import PyascServer
from .common import current


def setup(server: PyascServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_INLAY_HINT)
    @guarded("inlayHint")
    async def inlay_hint(params: types.InlayHintParams) -> list[types.InlayHint] | None:
        found = await current(server, params.text_document.uri)
        if found is None:
            return None
        _, analysis = found
        pos = server.positions(analysis.text)
        want = pos.span(params.range)
        return [convert.inlay_hint(h, pos) for h in analysis.hints
                if (want.line, want.col) <= (h.line, h.col) <= (want.end_line, want.end_col)]
