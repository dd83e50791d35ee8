"""The server as Neovim drives it: pull diagnostics (textDocument/diagnostic, workspace/diagnostic) and UTF-8
positions; nothing is pushed to a client that pulls."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import client_capabilities

from . import samples
from .helpers import CONFIG, RecordingClient, open_doc, span_of, start, until, utf8_range

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def pull(client: RecordingClient, uri: str, previous: str | None = None) -> types.DocumentDiagnosticReport:
    return await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=uri), previous_result_id=previous))


async def test_pull_diagnostics_with_utf8_columns(neovim: RecordingClient, workdir: Path):
    doc = open_doc(neovim, workdir, "unicode.py", samples.NON_ASCII)
    report = await pull(neovim, doc.uri)
    assert report.kind == "full"
    [d] = [d for d in report.items if d.code == "PA202"]
    line = doc.text.split("\n")[d.range.start.line]
    prefix = line[: line.index("asc.ad") + 4]
    assert d.range.start.character == len(prefix.encode("utf-8")) == len(prefix) + 5
    call = span_of(doc.text, "asc.ad(1)")
    assert d.range == utf8_range(doc.text, type(call)(call.line, call.col + 4, call.line, call.col + 6))
    again = await pull(neovim, doc.uri, report.result_id)
    assert again.kind == "unchanged" and again.result_id == report.result_id
    await asyncio.sleep(0.3)
    assert doc.uri not in neovim.published, "a pulling client gets no publishDiagnostics"


async def test_pull_answers_for_the_latest_version(neovim: RecordingClient, workdir: Path):
    doc = open_doc(neovim, workdir, "edit.py", samples.ADD)
    first = await pull(neovim, doc.uri)
    assert not [d for d in first.items if d.severity == types.DiagnosticSeverity.Error]
    doc.replace_all(samples.UNKNOWN_API)
    report = await pull(neovim, doc.uri, first.result_id)  # asked at once: waits for the new version's analysis
    assert report.kind == "full"
    assert [d.code for d in report.items if d.code == "PA202"] == ["PA202"]
    assert report.result_id != first.result_id


async def test_workspace_diagnostics_cover_open_documents(neovim: RecordingClient, workdir: Path):
    doc = open_doc(neovim, workdir, "ws.py", samples.DTYPE_CONFLICT)
    await pull(neovim, doc.uri)
    report = await neovim.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
    by_uri = {item.uri: item for item in report.items}
    assert doc.uri in by_uri
    assert by_uri[doc.uri].version == doc.version
    assert any(d.code == "PA403" for d in by_uri[doc.uri].items)


async def test_workspace_diagnostic_with_nothing_new_waits_for_a_change(neovim: RecordingClient, workdir: Path):
    doc = open_doc(neovim, workdir, "poll.py", samples.ADD)
    await pull(neovim, doc.uri)
    first = await neovim.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
    known = [types.PreviousResultId(uri=i.uri, value=i.result_id) for i in first.items]
    held = asyncio.ensure_future(neovim.workspace_diagnostic_async(
        types.WorkspaceDiagnosticParams(previous_result_ids=known)))
    await asyncio.sleep(0.5)
    assert not held.done(), "nothing changed: the request is held (clients re-send it at once)"
    doc.replace_all(samples.UNKNOWN_API)
    report = await asyncio.wait_for(held, 10)
    [full] = [i for i in report.items if i.uri == doc.uri]
    assert full.kind == "full" and full.version == doc.version
    assert any(d.code == "PA202" for d in full.items)


async def test_hover_with_utf8_position(neovim: RecordingClient, workdir: Path):
    doc = open_doc(neovim, workdir, "hover8.py", samples.NON_ASCII)
    await pull(neovim, doc.uri)
    cafe = span_of(doc.text, "café")
    rng = utf8_range(doc.text, cafe)
    hover = await neovim.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=doc.uri),
        position=types.Position(rng.start.line, rng.start.character + 3)))  # on the é, three bytes in
    assert hover is not None and "café" in hover.contents.value
    assert hover.range == rng


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def refreshing(lsp_client: RecordingClient, workdir: Path):
    """Neovim's capabilities plus workspace/diagnostic/refresh support (as VS Code 1.70+ declares it)."""
    caps = client_capabilities("neovim")
    caps.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    await start(lsp_client, caps, workdir)
    yield
    await lsp_client.shutdown_session()


async def test_cpp_findings_reach_a_pulling_client_after_a_refresh(refreshing: RecordingClient, workdir: Path):
    doc = open_doc(refreshing, workdir, "pull_cpp.py", samples.REDUNDANT)
    first = await pull(refreshing, doc.uri)
    assert not [d for d in first.items if d.source == "clang-tidy"]
    await until(refreshing, lambda: refreshing.diagnostic_refresh_count > 0, timeout=60)
    report = await pull(refreshing, doc.uri, first.result_id)
    assert report.kind == "full"
    [tidy] = [d for d in report.items if d.source == "clang-tidy"]
    assert tidy.range == utf8_range(doc.text, span_of(doc.text, "block_length - block_length"))
