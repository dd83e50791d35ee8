"""Random edit sequences on real kernels sent to a real server process over stdio (didOpen, then one incremental
didChange per edit), with requests of every kind racing the edits.

Properties: every request is answered without error, the server never exits, every published diagnostic range lies
inside the text of the version it was published for (checked on the client's own copy of each version, in the
negotiated encoding), and the final diagnostics equal those of a fresh server that opens the final text."""

from __future__ import annotations

import itertools
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from .jsonrpc import LspProcess
from .strategies import LONG, edit_sequence, fuzz_settings, texts_of
from .textmodel import lsp_lines, position, range_inside, safe_offset

_counter = itertools.count()

REQUESTS = ["textDocument/hover", "textDocument/completion", "textDocument/documentSymbol", "pyasc/generatedCode",
            "textDocument/diagnostic", "textDocument/inlayHint", "textDocument/signatureHelp"]


def request_params(method: str, uri: str, text: str, offset: int, encoding: str) -> dict:
    doc = {"textDocument": {"uri": uri}}
    if method in ("textDocument/hover", "textDocument/completion", "textDocument/signatureHelp"):
        return {**doc, "position": position(text, offset, encoding)}
    if method == "textDocument/inlayHint":
        end = len(lsp_lines(text)) + 1
        return {**doc, "range": {"start": {"line": 0, "character": 0}, "end": {"line": end, "character": 0}}}
    return doc


def comparable(diags: list[dict]) -> list[tuple]:
    return sorted((d["range"]["start"]["line"], d["range"]["start"]["character"], d["range"]["end"]["line"],
                   d["range"]["end"]["character"], d.get("code"), d.get("severity"), d["message"]) for d in diags)


def check_published(server: LspProcess, uri: str, texts: dict[int, str]) -> None:
    for params in server.published(uri):
        version = params.get("version")
        assert version in texts, f"diagnostics for unknown version {version}"
        for d in params["diagnostics"]:
            why = range_inside(texts[version], d["range"], server.encoding)
            assert why is None, f"version {version}: {d['code']} {d['message']!r}: {why}"
            for rel in d.get("relatedInformation") or []:
                if rel["location"]["uri"] == uri:
                    why = range_inside(texts[version], rel["location"]["range"], server.encoding)
                    assert why is None, f"version {version}: related of {d['code']}: {why}"


@pytest.mark.timeout(3600 if LONG else 600)  # the long run takes more than the default
@fuzz_settings(ci=20, long=1500)
@given(seq=edit_sequence(), data=st.data())
def test_edit_sequences(server_pair: tuple[LspProcess, LspProcess, Path], seq: tuple, data: st.DataObject) -> None:
    subject, fresh, root = server_pair
    start, edits = seq
    versions = texts_of(start, edits)
    uri = (root / f"kernel_{next(_counter)}.py").as_uri()
    enc = subject.encoding
    subject.open(uri, start, 1)
    pending: list[tuple[str, int]] = []
    for i, e in enumerate(edits):
        subject.change(uri, i + 2, [e.change_event(versions[i], enc)])
        text = versions[i + 1]
        for method in data.draw(st.lists(st.sampled_from(REQUESTS), max_size=2), label="requests"):
            offset = data.draw(st.integers(0, len(text)), label="cursor")
            params = request_params(method, uri, text, safe_offset(text, offset), enc)
            pending.append((method, subject.request_async(method, params)))
        if data.draw(st.booleans(), label="pause"):
            time.sleep(0.1)  # let an intermediate version be analyzed and published
    final_version = len(versions)
    final = subject.wait_published(uri, final_version)
    for method, rid in pending:
        resp = subject.wait_response(rid)
        assert "error" not in resp, f"{method}: {resp['error']}"
    texts = {v + 1: t for v, t in enumerate(versions)}
    check_published(subject, uri, texts)
    pulled = subject.result("textDocument/diagnostic", {"textDocument": {"uri": uri}})
    assert comparable(pulled["items"]) == comparable(final)  # pull and push agree on the final text
    subject.close_doc(uri)

    fresh.open(uri, versions[-1], 1)
    expected = fresh.wait_published(uri, 1)
    check_published(fresh, uri, {1: versions[-1]})
    fresh.close_doc(uri)
    assert comparable(final) == comparable(expected)
    assert subject.alive() and fresh.alive()
