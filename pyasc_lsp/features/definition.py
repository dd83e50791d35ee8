"""Go to definition: helper jit functions, module constants, locals and parameters."""

from __future__ import annotations

from lsprotocol import types

from pyasc import reads

from ..guard import guarded
from ..server import PyascServer
from .common import current, cursor, locations


def setup(server: PyascServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    @guarded("definition")
    async def definition(params: types.DefinitionParams) -> list[types.Location] | None:
        found = await current(server, params.text_document.uri)
        if found is None:
            return None
        doc, analysis = found
        line, col = cursor(server, analysis.text, params.position)
        from pyasc.compiler.ide.navigation import (
            definition as definition_query,  # not before: the first diagnostics do not need it
        )
        with reads.using(server.docs.overlay):  # an imported module open in a buffer is read from it
            found_at = definition_query(analysis, line, col)
        return locations(server, doc, analysis, found_at) or None
