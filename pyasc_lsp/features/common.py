"""Helpers shared by the features: the analysis a request should read, the cursor in pyasc terms, and an analysis's
diagnostics as LSP diagnostics (published by diagnostics.py, stored by warm_start.py)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from lsprotocol import types

from pyasc.compiler.diagnostics.model import Diagnostic
from pyasc.compiler.pipeline.results import Analysis

from .. import convert
from ..server import PyascServer
from ..workspace import Document

if TYPE_CHECKING:
    from pyasc.compiler.ide.answers import Location

WAIT_FOR_CURRENT = 1.0
"""Seconds a request waits for the analysis of the text it was made on (the analysis under way plus one)."""


async def current(server: PyascServer, uri: str) -> tuple[Document, Analysis] | None:
    """The document and the analysis of its present text (or, after a short wait, the latest one there is)."""
    doc = await server.docs.wait_current(uri, WAIT_FOR_CURRENT)
    if doc is None or doc.analysis is None:
        return None
    return doc, doc.current or doc.analysis


def cursor(server: PyascServer, text: str, position: types.Position) -> tuple[int, int]:
    """An LSP position in `text` as pyasc (1-based line, code-point column)."""
    return server.positions(text).from_position(position)


def locations(server: PyascServer, doc: Document, analysis: Analysis, found: list[Location]) -> list[
        types.Location]:
    """ide Locations as LSP Locations; a location in another file is converted with that file's text."""
    out = []
    for loc in found:
        same = loc.path == analysis.path
        pos = server.positions(analysis.text) if same else server.positions_of_file(loc.path)
        uri = doc.uri if same else convert.uri_for(loc.path, doc.uri, doc.path)
        out.append(types.Location(uri=uri, range=pos.range(loc.span)))
    return out


def front_end_items(server: PyascServer, doc: Document, analysis: Analysis) -> list[types.Diagnostic]:
    """The analysis' own diagnostics (no C++ findings), as LSP diagnostics: what its first publish sends."""
    return to_lsp(server, doc, analysis.text, analysis.diagnostics)


def to_lsp(server: PyascServer, doc: Document, text: str, diags: list[Diagnostic]) -> list[types.Diagnostic]:
    """pyasc diagnostics of `text` as the client's: positions in its encoding, related locations in other files."""
    pos = server.positions(text)
    other = functools.cache(server.positions_of_file)
    return [convert.diagnostic(d, pos, doc.uri, doc.path, server.docs_uri, other) for d in diags]
