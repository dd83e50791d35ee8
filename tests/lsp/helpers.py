"""Helpers of the language-server tests: a client that records what the server sends, open documents that track
their version, and span/range helpers independent of the server's own conversions."""

from __future__ import annotations

import asyncio
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

from pyasc.compiler.diagnostics.model import Span

SERVER = [sys.executable, "-m", "pyasc_lsp"]


class RecordingClient(LanguageClient):
    """A test client that also keeps every publishDiagnostics (with its version) and generatedCodeChanged."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.published: dict[str, list[types.PublishDiagnosticsParams]] = defaultdict(list)
        self.code_changed: dict[str, int] = defaultdict(int)
        self.registrations: list[types.Registration] = []
        self.sequence: list[tuple[str, types.PublishDiagnosticsParams]] = []
        """Every publishDiagnostics in the order received, with its URI."""
        self.events: asyncio.Event | None = None

    def poke(self) -> None:
        if self.events is not None:
            self.events.set()


def _publish(client: RecordingClient, params: types.PublishDiagnosticsParams) -> None:
    client.diagnostics[params.uri] = params.diagnostics
    client.published[params.uri].append(params)
    client.sequence.append((params.uri, params))
    client.poke()


def _code_changed(client: RecordingClient, params: Any) -> None:
    uri = params["uri"] if isinstance(params, dict) else params.uri
    client.code_changed[uri] += 1
    client.poke()


def _register(client: RecordingClient, params: types.RegistrationParams) -> None:
    client.registrations.extend(params.registrations)
    client.poke()


def make_client() -> RecordingClient:
    from pygls.protocol import default_converter

    client = RecordingClient(converter_factory=default_converter)
    features = dict(DEFAULT_CLIENT_FEATURES)
    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _publish
    features["pyasc/generatedCodeChanged"] = _code_changed
    features[types.CLIENT_REGISTER_CAPABILITY] = _register
    register_lsp_features(client, features)
    return client


CONFIG = ClientServerConfig(server_command=SERVER, client_factory=make_client)


async def start(client: RecordingClient, caps: types.ClientCapabilities, root: Path,
                init_options: dict[str, Any] | None = None) -> None:
    client.events = asyncio.Event()
    await client.initialize_session(types.InitializeParams(
        capabilities=caps, root_uri=root.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)],
        initialization_options=init_options,
    ))


# ---------------------------------------------------------------------------------------------------------------------
# Documents


class Doc:
    """An open document of a test: its URI, text and version, and edits that keep the three in step."""

    def __init__(self, client: RecordingClient, path: Path, text: str) -> None:
        self.client = client
        self.path = path
        self.uri = path.as_uri()
        self.text = text
        self.version = 1

    def change(self, start: tuple[int, int], end: tuple[int, int], new_text: str) -> None:
        """An incremental change with LSP positions (0-based line, client units) computed by the caller."""
        self.version += 1
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=self.uri, version=self.version),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(*start), end=types.Position(*end)), text=new_text)],
        ))

    def replace_all(self, text: str) -> None:
        self.version += 1
        self.text = text
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=self.uri, version=self.version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        ))

    def close(self) -> None:
        self.client.text_document_did_close(types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=self.uri)))


def open_doc(client: RecordingClient, folder: Path, name: str, text: str) -> Doc:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    doc = Doc(client, path, text)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=doc.uri, language_id="python", version=1, text=text)))
    return doc


async def until(client: RecordingClient, predicate: Any, timeout: float = 15.0) -> None:
    """Wait until `predicate()` holds, re-checking after each notification the client records."""
    assert client.events is not None
    deadline = asyncio.get_running_loop().time() + timeout
    while not predicate():
        remaining = deadline - asyncio.get_running_loop().time()
        if remaining <= 0:
            raise AssertionError("timed out waiting for the server")
        client.events.clear()
        try:
            await asyncio.wait_for(client.events.wait(), min(remaining, 0.25))
        except asyncio.TimeoutError:
            pass


async def published(client: RecordingClient, doc: Doc, version: int | None = None) -> list[types.Diagnostic]:
    """The diagnostics the server pushed for `doc` at `version` (default: its present version)."""
    want = doc.version if version is None else version
    await until(client, lambda: any(p.version == want for p in client.published[doc.uri]))
    return [p for p in client.published[doc.uri] if p.version == want][-1].diagnostics


def span_of(text: str, needle: str, occurrence: int = 0, within: str | None = None) -> Span:
    """The pyasc span of the `occurrence`-th `needle` in `text` (optionally inside the first `within`)."""
    base = text.index(within) if within else 0
    at = base
    for _ in range(occurrence + 1):
        at = text.index(needle, at if at == base else at + 1)
    line = text.count("\n", 0, at) + 1
    col = at - (text.rfind("\n", 0, at) + 1)
    end = at + len(needle)
    end_line = text.count("\n", 0, end) + 1
    end_col = end - (text.rfind("\n", 0, end) + 1)
    return Span(line, col, end_line, end_col)


def utf16_range(text: str, span: Span) -> types.Range:
    """The LSP range of a span as a UTF-16 client counts it (independent of the server's converter)."""
    lines = text.split("\n")

    def pos(line: int, col: int) -> types.Position:
        return types.Position(line - 1, len(lines[line - 1][:col].encode("utf-16-le")) // 2)

    return types.Range(pos(span.line, span.col), pos(span.end_line, span.end_col))


def utf8_range(text: str, span: Span) -> types.Range:
    lines = text.split("\n")

    def pos(line: int, col: int) -> types.Position:
        return types.Position(line - 1, len(lines[line - 1][:col].encode("utf-8")))

    return types.Range(pos(span.line, span.col), pos(span.end_line, span.end_col))
