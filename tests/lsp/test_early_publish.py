"""The server publishes a document's diagnostics as soon as the analysis knows them (before the C++ is generated),
and publishes the whole result's only when they differ: once per version, never a stale or partial set left."""

from __future__ import annotations

import threading
from typing import Any

from lsprotocol import types

from pyasc.compiler.diagnostics.model import Diagnostic, Severity, Span
from pyasc.compiler.pipeline.results import Analysis
from pyasc_lsp import workspace
from pyasc_lsp.features import create_server
from pyasc_lsp.server import PyascServer

from .samples import ADD, UNKNOWN_API


def _diag(code: str) -> Diagnostic:
    return Diagnostic(code, Severity.ERROR, f"seeded {code}", Span(1, 0, 1, 6))


class Twice:
    """An analyzer that hands `early` diagnostics to the server mid-analysis, then returns `final` ones; `gate`
    holds the rest of the analysis until the test has seen the early publish."""

    def __init__(self, server: PyascServer, early: list[Diagnostic], final: list[Diagnostic]) -> None:
        self.server, self.early, self.final = server, early, final
        self.gate = threading.Event()
        self.sent: list[Any] = []
        self.published_on_return: list[int] = []

    def __call__(self, text: str, path: str, config: Any, cache: Any) -> Analysis:
        self.server.docs.early(Analysis(path=path, text=text, diagnostics=list(self.early)))
        self.published_on_return.append(len(self.sent))
        self.gate.wait(30)
        return Analysis(path=path, text=text, diagnostics=list(self.final))


def _server(early: list[Diagnostic], final: list[Diagnostic]) -> tuple[PyascServer, Twice, list[Any]]:
    server = create_server()
    sent: list[Any] = []
    server.text_document_publish_diagnostics = sent.append  # type: ignore[method-assign]
    analyzer = Twice(server, early, final)
    analyzer.sent = sent
    server.docs._analyze = analyzer
    server.docs.cpp_submit = None
    return server, analyzer, sent


async def _until(condition: Any) -> None:
    import asyncio

    for _ in range(3000):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the condition never held")


def _codes(params: types.PublishDiagnosticsParams) -> list[str | int | None]:
    return [d.code for d in params.diagnostics]


async def test_early_diagnostics_are_published_once_when_the_result_agrees(monkeypatch: Any) -> None:
    monkeypatch.setattr(workspace, "EARLY_WAIT", 600.0)  # the analysis thread certainly waits for the publish
    server, analyzer, sent = _server([_diag("PA202")], [_diag("PA202")])
    server.docs.open("file:///k.py", "/k.py", UNKNOWN_API, 1)
    await _until(lambda: len(sent) == 1)
    await _until(lambda: analyzer.published_on_return)
    assert analyzer.published_on_return == [1], "the analysis goes on only once the early publish is out"
    assert _codes(sent[0]) == ["PA202"] and sent[0].version == 1
    doc = server.docs.get("file:///k.py")
    assert doc is not None and doc.current is None, "published before the analysis was complete"
    analyzer.gate.set()
    await server.docs.wait_current("file:///k.py", 30)
    assert len(sent) == 1, "the same diagnostics are not sent twice"
    server.docs.shutdown()


async def test_the_result_is_published_when_it_differs_from_the_early_diagnostics() -> None:
    server, analyzer, sent = _server([_diag("PA202")], [_diag("PA202"), _diag("PA901")])
    server.docs.open("file:///k.py", "/k.py", ADD, 1)
    await _until(lambda: len(sent) == 1)
    analyzer.gate.set()
    await _until(lambda: len(sent) == 2)
    assert _codes(sent[1]) == ["PA202", "PA901"] and sent[1].version == 1
    server.docs.shutdown()


async def test_early_diagnostics_of_a_superseded_version_are_not_published() -> None:
    server, analyzer, sent = _server([_diag("PA202")], [_diag("PA202")])
    server.docs.open("file:///k.py", "/k.py", ADD, 1)
    await _until(lambda: len(sent) == 1)
    server.docs.change("file:///k.py", ADD + "\n", 2)  # arrives while version 1 is still being analyzed
    server.docs.early(Analysis(path="/k.py", text=ADD, diagnostics=[_diag("PA999")]))  # a late one of version 1
    analyzer.gate.set()
    await _until(lambda: any(p.version == 2 for p in sent))
    assert all("PA999" not in _codes(p) for p in sent)
    assert [p.version for p in sent] == [1, 2]
    server.docs.shutdown()
