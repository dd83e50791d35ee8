"""Diagnostics at once for a file seen before (features.warm_start): a new server publishes the stored diagnostics
of a file at didOpen when nothing they depend on changed, exactly as the analysis published them, and the analysis
that follows publishes only what differs."""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.lsp.client import LanguageClient

from pyasc import diagstore
from pyasc.compiler.diagnostics.model import Diagnostic, Related, Severity, Span
from pyasc.compiler.pipeline.results import Analysis
from pyasc_lsp.features import create_server
from pyasc_lsp.server import PyascServer

from .samples import ADD, DTYPE_CONFLICT, UNKNOWN_API

KERNEL_WITH_IMPORT = UNKNOWN_API.replace("BUFFER_NUM = 2\n", "from consts import BUFFER_NUM\n")


class Published:
    """What a server sent as publishDiagnostics, in order: ("stored" | "analysis", uri, version, wire JSON)."""

    def __init__(self, server: PyascServer) -> None:
        self.items: list[tuple[str, str, int | None, Any]] = []
        converter = server.protocol._converter

        def analysis(params: types.PublishDiagnosticsParams) -> None:
            self.items.append(("analysis", params.uri, params.version,
                               converter.unstructure(params.diagnostics, list[types.Diagnostic])))

        def raw(data: Any) -> None:
            if isinstance(data, dict) and data.get("method") == types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS:
                p = data["params"]
                self.items.append(("stored", p["uri"], p["version"], p["diagnostics"]))

        server.text_document_publish_diagnostics = analysis  # type: ignore[method-assign]
        server.protocol._send_data = raw  # type: ignore[method-assign]

    def kinds(self) -> list[str]:
        return [kind for kind, *_ in self.items]

    def last(self) -> Any:
        return self.items[-1][3]


def _server(settings: dict[str, Any] | None = None) -> tuple[PyascServer, Published]:
    server = create_server()
    server._find_docs()  # as the analysis thread does first at start
    server.docs.cpp_submit = None
    if settings:
        server.settings.set_initialization_options(settings)
    return server, Published(server)


async def _opened(server: PyascServer, path: Path, text: str) -> None:
    """didOpen as the sync feature handles it, then until its analysis is accepted."""
    server.docs.open(path.as_uri(), str(path), text, 1)
    await server.docs.wait_current(path.as_uri(), timeout=60)


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    folder = tmp_path / "store"
    monkeypatch.setenv(diagstore.ENV, str(folder))
    return folder


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "project"
    folder.mkdir()
    return folder


@pytest.mark.parametrize("text", [UNKNOWN_API, DTYPE_CONFLICT, ADD], ids=["fix", "related", "clean"])
async def test_a_file_seen_before_gets_exactly_the_published_diagnostics_at_open(store: Path, project: Path,
                                                                                  text: str) -> None:
    path = project / "kernel.py"
    path.write_text(text, encoding="utf-8")
    first, sent = _server()
    await _opened(first, path, text)
    assert sent.kinds() == ["analysis"]
    assert first.warm_start.writes == 1
    published = sent.last()
    assert (published == []) == (text is ADD)

    second, again = _server()
    second.docs.open(path.as_uri(), str(path), text, 1)
    # at once, in the didOpen handler, before the analysis has started
    assert again.items == [("stored", path.as_uri(), 1, published)]
    await second.docs.wait_current(path.as_uri(), timeout=60)
    assert again.kinds() == ["stored"]  # the analysis agreed: nothing published twice
    assert second.docs.get(path.as_uri()).analysis is not None


async def test_a_stale_entry_is_replaced_by_the_analysis_that_follows(store: Path, project: Path) -> None:
    path = project / "kernel.py"
    path.write_text(UNKNOWN_API, encoding="utf-8")
    first, sent = _server()
    await _opened(first, path, UNKNOWN_API)
    right = sent.last()
    (entry,) = (store / f"v{diagstore.FORMAT}").glob("*.json")
    entry.write_text(entry.read_text(encoding="utf-8").replace("did you mean", "maybe"), encoding="utf-8")

    second, again = _server()
    await _opened(second, path, UNKNOWN_API)
    assert again.kinds() == ["stored", "analysis"]
    assert "maybe" in again.items[0][3][0]["message"]
    assert again.last() == right
    third, once_more = _server()  # the analysis rewrote the entry
    await _opened(third, path, UNKNOWN_API)
    assert once_more.items == [("stored", path.as_uri(), 1, right)]


def _edit_text(project: Path) -> str:
    return UNKNOWN_API + "\n# changed\n"


def _edit_settings(project: Path) -> dict[str, Any]:
    return {"severity": {"PA202": "warning"}}


@pytest.mark.parametrize("change", ["text", "path", "settings", "pyproject", "imported module", "new candidate",
                                    "build"])
async def test_each_input_changed_is_a_miss(store: Path, project: Path, change: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    text = KERNEL_WITH_IMPORT
    path = project / "kernel.py"
    path.write_text(text, encoding="utf-8")
    (project.parent / "consts.py").write_text("BUFFER_NUM = 2\n", encoding="utf-8")  # found one folder up
    first, sent = _server()
    await _opened(first, path, text)
    assert first.warm_start.writes == 1
    published = sent.last()
    assert [d["code"] for d in published] == ["PA202"]

    settings = None
    if change == "text":
        text = _edit_text(project)
    elif change == "path":
        path = project / "other.py"
        path.write_text(text, encoding="utf-8")
    elif change == "settings":
        settings = _edit_settings(project)
    elif change == "pyproject":
        (project / "pyproject.toml").write_text("[tool.pyasc]\nnaming = true\n", encoding="utf-8")
    elif change == "imported module":
        (project.parent / "consts.py").write_text("BUFFER_NUM = 3\n", encoding="utf-8")
    elif change == "new candidate":  # a consts.py next to the kernel now comes first
        (project / "consts.py").write_text("BUFFER_NUM = 2\n", encoding="utf-8")
    elif change == "build":
        from pyasc_lsp.features import warm_start

        monkeypatch.setattr(warm_start, "build", lambda: "another build")
    second, again = _server(settings)
    await _opened(second, path, text)
    assert again.kinds() == ["analysis"]


async def test_an_edit_never_reads_the_store_and_a_save_keeps_the_saved_text(store: Path, project: Path) -> None:
    path = project / "kernel.py"
    path.write_text(ADD, encoding="utf-8")
    first, sent = _server()
    await _opened(first, path, UNKNOWN_API)  # stored for UNKNOWN_API
    uri = path.as_uri()
    second, again = _server()
    await _opened(second, path, ADD)
    assert again.kinds() == ["analysis"]
    second.docs.change(uri, UNKNOWN_API, 2)  # the stored text, by an edit: analyzed, not looked up
    await second.docs.wait_current(uri, timeout=60)
    assert again.kinds() == ["analysis", "analysis"]
    assert second.warm_start.hits == 0
    writes = second.warm_start.writes
    path.write_text(UNKNOWN_API, encoding="utf-8")
    second.docs.saved(uri)  # its analysis is current: kept now
    assert second.warm_start.writes == writes + 1
    third, once_more = _server()
    await _opened(third, path, UNKNOWN_API)
    assert once_more.kinds() == ["stored"]


async def test_a_save_during_the_analysis_keeps_its_result(store: Path, project: Path) -> None:
    path = project / "kernel.py"
    path.write_text(UNKNOWN_API, encoding="utf-8")
    server, _ = _server()
    server.docs.open(path.as_uri(), str(path), UNKNOWN_API, 1)
    server.docs.get(path.as_uri()).persist = False  # as if the first analysis had been kept already
    server.docs.saved(path.as_uri())
    await server.docs.wait_current(path.as_uri(), timeout=60)
    assert server.warm_start.writes == 1


async def test_a_corrupt_store_means_a_normal_analysis_and_is_repaired(store: Path, project: Path) -> None:
    path = project / "kernel.py"
    path.write_text(UNKNOWN_API, encoding="utf-8")
    first, sent = _server()
    await _opened(first, path, UNKNOWN_API)
    for entry in (store / f"v{diagstore.FORMAT}").glob("*.json"):
        entry.write_bytes(b'{"format": 1, "payload": [')
    second, again = _server()
    await _opened(second, path, UNKNOWN_API)
    assert again.items == [("analysis", path.as_uri(), 1, sent.last())]
    third, once_more = _server()
    await _opened(third, path, UNKNOWN_API)
    assert once_more.kinds() == ["stored"]


async def test_an_unwritable_store_means_a_normal_analysis(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                           project: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv(diagstore.ENV, str(blocker / "store"))
    path = project / "kernel.py"
    path.write_text(UNKNOWN_API, encoding="utf-8")
    for _ in range(2):
        server, sent = _server()
        await _opened(server, path, UNKNOWN_API)
        assert sent.kinds() == ["analysis"]
        assert server.warm_start.writes == 0 and server.warm_start.store.write_error


async def test_turned_off_by_the_environment_nothing_is_read_or_written(monkeypatch: pytest.MonkeyPatch,
                                                                        tmp_path: Path, project: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv(diagstore.ENV, "0")
    path = project / "kernel.py"
    path.write_text(UNKNOWN_API, encoding="utf-8")
    server, sent = _server()
    assert server.warm_start.store is None
    await _opened(server, path, UNKNOWN_API)
    assert sent.kinds() == ["analysis"]
    assert not (tmp_path / "xdg").exists()


async def test_turned_off_by_the_setting_nothing_is_read_or_written(store: Path, project: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path = project / "kernel.py"
    path.write_text(UNKNOWN_API, encoding="utf-8")
    first, _ = _server()
    await _opened(first, path, UNKNOWN_API)
    calls: list[str] = []
    monkeypatch.setattr(diagstore.Store, "get", lambda *a: calls.append("get"))
    monkeypatch.setattr(diagstore.Store, "put", lambda *a: calls.append("put"))
    second, again = _server({"warmCache": False})
    await _opened(second, path, UNKNOWN_API)
    assert again.kinds() == ["analysis"]
    second.docs.saved(path.as_uri())
    assert calls == []
    assert second.settings.set_initialization_options({"warmCache": "yes"}) == [
        "warmCache must be true or false, got 'yes'"]
    assert second.settings.options.warm_cache is True  # an invalid value keeps the default


async def test_a_pull_client_is_answered_by_the_analysis(store: Path, project: Path) -> None:
    path = project / "kernel.py"
    path.write_text(UNKNOWN_API, encoding="utf-8")
    first, _ = _server()
    await _opened(first, path, UNKNOWN_API)
    second, again = _server()
    second.pull_diagnostics = True
    await _opened(second, path, UNKNOWN_API)
    assert again.items == [] and second.warm_start.hits == 0


def _fake(server: PyascServer, diagnostics: list[Diagnostic]) -> None:
    server.docs._analyze = lambda text, path, config, cache: Analysis(path=path, text=text,
                                                                      diagnostics=list(diagnostics))


class Gated:
    """An analyzer returning fixed diagnostics once `gate` is set."""

    def __init__(self, diagnostics: list[Diagnostic], gated: bool) -> None:
        self.diagnostics = diagnostics
        self.gate = threading.Event()
        if not gated:
            self.gate.set()

    def __call__(self, text: str, path: str, config: Any, cache: Any) -> Analysis:
        self.gate.wait(30)
        return Analysis(path=path, text=text, diagnostics=list(self.diagnostics))


SEEDED = [Diagnostic("PA202", Severity.WARNING, "seeded", Span(1, 0, 1, 6))]
CLIENT_SETTINGS = {"severity": {"PA202": "warning"}}


async def test_a_lookup_waits_for_the_client_settings_it_depends_on(store: Path, project: Path) -> None:
    path = project / "kernel.py"
    first, _ = _server(CLIENT_SETTINGS)
    first.docs._analyze = Gated(SEEDED, gated=False)
    await _opened(first, path, ADD)
    assert first.warm_start.writes == 1

    second, again = _server()
    analyzer = second.docs._analyze = Gated(SEEDED, gated=True)
    second.settings_fetched = asyncio.Event()  # workspace/configuration asked, not answered yet
    second.docs.open(path.as_uri(), str(path), ADD, 1)
    await asyncio.sleep(0.05)
    assert again.items == []
    second.settings.set_client_settings(CLIENT_SETTINGS)
    second.settings_fetched.set()
    for _ in range(500):
        if again.items:
            break
        await asyncio.sleep(0.01)
    assert again.kinds() == ["stored"]
    analyzer.gate.set()
    await second.docs.wait_current(path.as_uri(), timeout=60)
    assert again.kinds() == ["stored"]


async def test_an_entry_for_the_settings_in_force_is_published_without_waiting_for_the_client(
        store: Path, project: Path) -> None:
    path = project / "kernel.py"
    first, _ = _server()
    first.docs._analyze = Gated(SEEDED, gated=False)
    await _opened(first, path, ADD)
    second, again = _server()
    second.docs._analyze = Gated(SEEDED, gated=False)
    second.settings_fetched = asyncio.Event()  # never answered
    second.docs.open(path.as_uri(), str(path), ADD, 1)
    assert again.kinds() == ["stored"]


async def test_stored_diagnostics_never_follow_the_analysis_ones(store: Path, project: Path) -> None:
    path = project / "kernel.py"
    first, _ = _server(CLIENT_SETTINGS)
    first.docs._analyze = Gated(SEEDED, gated=False)
    await _opened(first, path, ADD)
    second, again = _server()
    second.docs._analyze = Gated(SEEDED, gated=False)
    second.settings_fetched = asyncio.Event()
    await _opened(second, path, ADD)  # analyzed and published before the settings came
    second.settings.set_client_settings(CLIENT_SETTINGS)
    second.settings_fetched.set()
    await asyncio.sleep(0.1)
    assert again.kinds() == ["analysis"] and second.warm_start.hits == 0


@pytest.mark.parametrize("code", ["PA901", "PA902"])
async def test_results_that_depend_on_the_moment_are_not_kept(store: Path, project: Path, code: str) -> None:
    path = project / "kernel.py"
    server, sent = _server()
    _fake(server, [Diagnostic(code, Severity.ERROR, "seeded", Span(1, 0, 1, 6))])
    await _opened(server, path, ADD)
    assert sent.kinds() == ["analysis"] and server.warm_start.writes == 0


async def test_a_related_location_in_another_file_is_part_of_the_entry(store: Path, project: Path) -> None:
    path, other = project / "kernel.py", project / "consts.py"
    other.write_text("BUFFER_NUM = 2\n", encoding="utf-8")
    diagnostic = Diagnostic("PA403", Severity.ERROR, "seeded", Span(1, 0, 1, 6),
                            related=(Related(Span(1, 0, 1, 10), "defined here", str(other)),))
    server, sent = _server()
    _fake(server, [diagnostic])
    server.docs.open(other.as_uri(), str(other), "BUFFER_NUM = 2\n", 1)  # open: converted from the editor's text
    await _opened(server, path, ADD)
    assert server.warm_start.writes == 1  # consts.py itself, not kernel.py
    server.docs.close(other.as_uri())
    server.docs.close(path.as_uri())
    await _opened(server, path, ADD)
    assert server.warm_start.writes == 2
    second, again = _server()
    _fake(second, [diagnostic])
    await _opened(second, path, ADD)
    assert again.kinds() == ["stored"]
    other.write_text("BUFFER_NUM = 2  # changed\n", encoding="utf-8")
    third, once_more = _server()
    _fake(third, [diagnostic])
    await _opened(third, path, ADD)
    assert once_more.kinds() == ["analysis"]


async def _first_publish(command: list[str], env: dict[str, str], root: Path, path: Path) -> list[Any]:
    """The publishDiagnostics a fresh server process sends for `path` (version 1) until its analysis is done and
    the C++ tier is off, as JSON."""
    client = LanguageClient("warm-start-test", "1")
    got: list[Any] = []
    arrived = asyncio.Event()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_publish(params: types.PublishDiagnosticsParams) -> None:
        got.append(client.protocol._converter.unstructure(params, types.PublishDiagnosticsParams))
        arrived.set()

    await client.start_io(*command, env=env, cwd=str(root))
    try:
        await client.initialize_async(types.InitializeParams(
            capabilities=types.ClientCapabilities(), root_uri=root.as_uri(),
            initialization_options={"cppChecks": False}))
        client.initialized(types.InitializedParams())
        client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
            uri=path.as_uri(), language_id="python", version=1, text=path.read_text(encoding="utf-8"))))
        await asyncio.wait_for(arrived.wait(), 120)
        # the analysis result: a hover needs it, so its answer comes after it was accepted (and published)
        await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()), position=types.Position(0, 0))), 120)
        await asyncio.wait_for(client.shutdown_async(None), 30)
        client.exit(None)
    finally:
        await client.stop()
    return got


async def test_a_second_server_process_publishes_from_the_store_and_then_corrects_it(store: Path,
                                                                                     project: Path) -> None:
    path = project / "kernel.py"
    path.write_text(UNKNOWN_API, encoding="utf-8")
    env = {**os.environ, diagstore.ENV: str(store)}
    command = [sys.executable, "-m", "pyasc_lsp"]
    first = await _first_publish(command, env, project, path)
    assert len(first) == 1 and [d["code"] for d in first[0]["diagnostics"]] == ["PA202"]
    (entry,) = (store / f"v{diagstore.FORMAT}").glob("*.json")
    entry.write_text(entry.read_text(encoding="utf-8").replace("did you mean", "stored: did you mean"),
                     encoding="utf-8")
    second = await _first_publish(command, env, project, path)
    # the stored diagnostics first (so they came from the store), then the analysis' own, which differ
    assert len(second) == 2 and "stored: did you mean" in second[0]["diagnostics"][0]["message"]
    assert second[1] == first[0]
    third = await _first_publish(command, env, project, path)  # the entry the second server wrote: right again
    assert third == first


async def test_an_imported_module_open_with_other_text_than_its_file_is_a_miss(store: Path, project: Path) -> None:
    """The entry was computed with the module's file; the analysis now reads its open buffer instead."""
    text = KERNEL_WITH_IMPORT
    path = project / "kernel.py"
    path.write_text(text, encoding="utf-8")
    consts = project.parent / "consts.py"
    consts.write_text("BUFFER_NUM = 2\n", encoding="utf-8")
    first, _ = _server()
    await _opened(first, path, text)
    assert first.warm_start.writes == 1

    def kinds(sent: Published) -> list[str]:
        return [kind for kind, uri, *_ in sent.items if uri == path.as_uri()]

    second, again = _server()
    second.docs.open(consts.as_uri(), str(consts), "BUFFER_NUM = 3\n", 1)  # unsaved
    await _opened(second, path, text)
    assert kinds(again) == ["analysis"]
    third, once_more = _server()  # the entry is now the one computed with that buffer
    third.docs.open(consts.as_uri(), str(consts), "BUFFER_NUM = 3\n", 1)
    await _opened(third, path, text)
    assert kinds(once_more) == ["stored"]
