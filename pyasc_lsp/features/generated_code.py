"""`pyasc/generatedCode` (the C++ of a document with its Python<->C++ mappings) and the `pyasc/generatedCodeChanged`
notification sent after each accepted re-analysis, for the generated-code view of editor extensions."""

from __future__ import annotations

from typing import Any

from .. import convert
from ..guard import guarded
from ..server import PyascServer
from ..workspace import Document
from .common import current

GENERATED_CODE = "pyasc/generatedCode"
GENERATED_CODE_CHANGED = "pyasc/generatedCodeChanged"


def _uri_of(params: Any) -> str | None:
    """The textDocument.uri of the custom request's params (a dict, or pygls' attribute object)."""
    td = params.get("textDocument") if isinstance(params, dict) else getattr(params, "textDocument", None)
    if td is None:
        return None
    return td.get("uri") if isinstance(td, dict) else getattr(td, "uri", None)


def setup(server: PyascServer) -> None:
    def changed(doc: Document) -> None:
        server.protocol.notify(GENERATED_CODE_CHANGED, {"uri": doc.uri})

    server.docs.on_analysis.append(guarded(GENERATED_CODE_CHANGED)(changed))

    @server.feature(GENERATED_CODE)
    @guarded(GENERATED_CODE)
    async def generated_code(params: Any) -> dict[str, Any]:
        uri = _uri_of(params)
        found = await current(server, uri) if uri else None
        if found is None:
            return {"text": "", "mappings": [], "kernels": []}
        _, analysis = found
        from pyasc.compiler.ide.navigation import (
            generated_code as generated_code_query,  # not before: the first diagnostics do not need it
        )
        return convert.generated_code(generated_code_query(analysis), server.positions(analysis.text), server.encoding)
