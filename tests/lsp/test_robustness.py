"""Malformed or unexpected requests never take the server down: each gets an empty answer and the next request
is served as usual."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from . import samples
from .helpers import RecordingClient, open_doc, published, until

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_requests_on_unknown_documents_and_odd_positions(vscode: RecordingClient, workdir: Path):
    unknown = types.TextDocumentIdentifier(uri=(workdir / "never_opened.py").as_uri())
    assert await vscode.text_document_hover_async(types.HoverParams(
        text_document=unknown, position=types.Position(0, 0))) is None
    assert await vscode.text_document_completion_async(types.CompletionParams(
        text_document=unknown, position=types.Position(3, 3))) is None
    result = await vscode.protocol.send_request_async("pyasc/generatedCode", {"textDocument": {"uri": unknown.uri}})
    assert result.text == "" and result.mappings == [] and result.kernels == []
    empty = await vscode.protocol.send_request_async("pyasc/generatedCode", {"nothing": 1})
    assert empty.text == ""
    doc = open_doc(vscode, workdir, "odd.py", samples.ADD)
    await published(vscode, doc)
    far = types.Position(10_000, 10_000)
    assert await vscode.text_document_hover_async(types.HoverParams(text_document=unknown, position=far)) is None
    hover = await vscode.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=doc.uri), position=far))
    assert hover is None
    completion = await vscode.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=doc.uri), position=far))
    assert completion is None or isinstance(completion, types.CompletionList)


async def test_text_that_is_not_python_at_all(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "garbage.py", "\x00\x01 def ((( \n\t\t@@@ asc.\n" * 50)
    diags = await published(vscode, doc)
    assert diags and {d.code for d in diags} == {"PA100"}
    symbols = await vscode.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=doc.uri)))
    assert symbols == [] or symbols is None
    # The server is still serving: a valid document opened next is analyzed as usual.
    ok = open_doc(vscode, workdir, "after_garbage.py", samples.UNKNOWN_API)
    assert any(d.code == "PA202" for d in await published(vscode, ok))


async def test_close_clears_pushed_diagnostics(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "closing.py", samples.UNKNOWN_API)
    assert await published(vscode, doc)
    doc.close()
    await until(vscode, lambda: len(vscode.diagnostics.get(doc.uri, [None])) == 0)


async def test_lone_carriage_returns_end_lines(vscode: RecordingClient, workdir: Path):
    text = samples.UNKNOWN_API.replace("\n", "\r")
    doc = open_doc(vscode, workdir, "lone_cr.py", text)
    [d] = [d for d in await published(vscode, doc) if d.code == "PA202"]
    line = text.split("\r").index(next(x for x in text.split("\r") if "asc.ad(" in x))
    assert d.range.start == types.Position(line, text.split("\r")[line].index("asc.ad(") + 4)


@pytest.mark.parametrize("sep", ["\x0c", "\u2028", "\x85"])
async def test_incremental_edit_after_characters_that_are_not_lsp_line_ends(vscode: RecordingClient, workdir: Path,
                                                                            sep: str):
    text = f"# page{sep}break\n" + samples.UNKNOWN_API
    doc = open_doc(vscode, workdir, f"sep_{ord(sep):x}.py", text)
    assert any(d.code == "PA202" for d in await published(vscode, doc))
    lines = text.split("\n")  # LSP's lines: only \n ends one here
    row = next(i for i, x in enumerate(lines) if "asc.ad(" in x)
    col = lines[row].index("asc.ad(") + len("asc.ad")
    doc.change((row, col), (row, col), "d")  # asc.ad -> asc.add
    assert not [d for d in await published(vscode, doc) if d.severity == types.DiagnosticSeverity.Error]


async def test_concurrent_plain_python_completions_are_all_answered(vscode: RecordingClient, workdir: Path):
    import asyncio

    text = "import os\nimport json\nx = os.pa\ny = json.lo\nz = str.jo\n"
    doc = open_doc(vscode, workdir, "jedi_race.py", text)
    await published(vscode, doc)
    requests = [vscode.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=doc.uri), position=types.Position(i % 3 + 2, 9)))
        for i in range(20)]
    results = await asyncio.wait_for(asyncio.gather(*requests), 60)
    assert all(r is not None and r.items for r in results)
    assert {"path", "pardir"} <= {i.label for i in results[0].items}


async def test_lf_typed_after_a_lone_cr_makes_one_line_end(vscode: RecordingClient, workdir: Path):
    text = samples.UNKNOWN_API.replace("\n", "\r")
    doc = open_doc(vscode, workdir, "cr_join.py", text)
    await published(vscode, doc)
    doc.change((1, 0), (1, 0), "\n")  # right after the first \r: together one \r\n line end, no new line
    [d] = [d for d in await published(vscode, doc) if d.code == "PA202"]
    lines = text.split("\r")
    row = next(i for i, x in enumerate(lines) if "asc.ad(" in x)
    assert d.range.start == types.Position(row, lines[row].index("asc.ad(") + 4), "line numbers did not shift"
