"""Protocol abuse over raw stdio: malformed frames, bad JSON, wrong shapes, unknown methods, unopened documents,
positions out of range, notifications racing requests and cancellation.  Each case ends by proving that the server
still answers a plain request; the module's server must also still shut down with exit code 0."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from fuzz.jsonrpc import LspProcess, ServerGone
from fuzz.strategies import EXAMPLES
from fuzz.textmodel import Edit, position, range_inside

KERNEL = EXAMPLES["add_custom.py"]
BROKEN = KERNEL.replace("asc.add(z_local", "asc.ad(z_local")
"""A kernel with one PA202 (unknown API): a fast, deterministic diagnostic."""

REQUEST_KINDS = ["textDocument/hover", "textDocument/completion", "textDocument/signatureHelp",
                 "textDocument/definition", "textDocument/references", "textDocument/documentSymbol",
                 "textDocument/inlayHint", "textDocument/codeAction", "textDocument/diagnostic",
                 "pyasc/generatedCode"]


def params_for(method: str, uri: str, pos: dict) -> dict:
    doc = {"textDocument": {"uri": uri}}
    rng = {"start": pos, "end": pos}
    extra: dict = {
        "textDocument/hover": {"position": pos}, "textDocument/completion": {"position": pos},
        "textDocument/signatureHelp": {"position": pos}, "textDocument/definition": {"position": pos},
        "textDocument/references": {"position": pos, "context": {"includeDeclaration": True}},
        "textDocument/inlayHint": {"range": rng},
        "textDocument/codeAction": {"range": rng, "context": {"diagnostics": []}},
    }.get(method, {})
    return {**doc, **extra}


def still_serving(server: LspProcess, uri: str | None = None, timeout: float = 20.0) -> None:
    """The server is alive and answers a request (hover on `uri`, or on a document it never saw)."""
    uri = uri or "file:///never/opened.py"
    resp = server.request("textDocument/hover", params_for("textDocument/hover", uri, {"line": 0, "character": 0}),
                          timeout=timeout)
    assert "error" not in resp, resp
    assert server.alive()


def answered(server: LspProcess, rid: object) -> dict | None:
    """The answer to `rid`, which must have arrived by now (a short grace period), or None."""
    try:
        return server.wait_response(rid, timeout=1)
    except ServerGone:
        return None


def frame(body: bytes, length: int | None = None) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % (len(body) if length is None else length) + body


def test_unknown_request_is_method_not_found(server: LspProcess) -> None:
    for method in ("pyasc/noSuchThing", "textDocument/noSuchThing", "x"):
        resp = server.request(method, {"a": 1})
        assert resp["error"]["code"] == -32601, resp
    still_serving(server)


def test_unknown_notifications_are_ignored(server: LspProcess) -> None:
    before = dict(server.responses)
    for method in ("pyasc/noSuchThing", "$/noSuchThing", "workspace/whatever", "$/setTrace"):
        server.notify(method, {"value": [1, 2, 3]})
    server.notify("$/cancelRequest", {"id": 987654})  # nothing to cancel
    still_serving(server)
    assert server.responses == before  # no answer to any notification


def test_requests_on_unopened_documents(server: LspProcess, root: Path) -> None:
    for uri in [(root / "never.py").as_uri(), "untitled:Untitled-1", "file:///", "not a uri", ""]:
        for method in REQUEST_KINDS:
            resp = server.request(method, params_for(method, uri, {"line": 3, "character": 4}))
            assert "error" not in resp, (method, uri, resp)
    still_serving(server)


def test_positions_out_of_range_and_inside_surrogate_pairs(server: LspProcess, root: Path) -> None:
    text = "# 😀😀 漢字 é\n" + BROKEN
    uri = (root / "odd_positions.py").as_uri()
    server.open(uri, text)
    server.wait_published(uri, 1)
    positions = [{"line": 0, "character": 3}, {"line": 0, "character": 5},  # between the halves of an emoji
                 {"line": 0, "character": 10_000}, {"line": 10_000, "character": 0},
                 {"line": 2**31 - 1, "character": 2**31 - 1}, {"line": 5, "character": 2**31 - 1}]
    for pos in positions:
        for method in REQUEST_KINDS:
            resp = server.request(method, params_for(method, uri, pos))
            assert "error" not in resp, (method, pos, resp)
            result = resp.get("result")
            if method == "textDocument/hover" and result and result.get("range"):
                assert range_inside(text, result["range"], "utf-16") is None
    still_serving(server, uri)
    server.close_doc(uri)


def test_edits_out_of_range_and_to_unopened_documents(server: LspProcess, root: Path) -> None:
    server.change((root / "not_open.py").as_uri(), 2, [{"range": {"start": {"line": 0, "character": 0},
                                                                   "end": {"line": 0, "character": 0}}, "text": "x"}])
    uri = (root / "edited_out_of_range.py").as_uri()
    server.open(uri, BROKEN)
    far = {"line": 100_000, "character": 5}
    server.change(uri, 2, [{"range": {"start": far, "end": far}, "text": "\n# appended\n"}])
    server.change(uri, 3, [{"range": {"start": {"line": 2, "character": 9999}, "end": {"line": 1, "character": 0}},
                            "text": ""}])  # end before start
    server.change(uri, 4, [{"text": BROKEN}])  # a whole-document change resets the text
    diags = server.wait_published(uri, 4)
    assert [d["code"] for d in diags] == ["PA202"]
    still_serving(server, uri)
    server.close_doc(uri)


def test_bad_json_and_wrong_shapes_do_not_stop_the_server(own_server: LspProcess) -> None:
    s = own_server
    s.send_bytes(frame(b'{"jsonrpc": "2.0", "id": 9001, "method": '))  # truncated JSON
    s.send_bytes(frame(b"\xff\xfe not utf-8 \x00"))
    s.send_bytes(frame(b"[1, 2, 3]"))
    s.send_bytes(frame(b"null"))
    s.send({"jsonrpc": "2.0", "id": 9002})  # a response to nothing
    s.send({"jsonrpc": "2.0", "id": 9003, "result": None, "error": {"code": 1, "message": "x"}})
    s.send({"jsonrpc": "2.0", "method": 5})
    s.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": 3}})
    s.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": []})
    still_serving(s)


def test_malformed_headers_do_not_stop_the_server(own_server: LspProcess) -> None:
    s = own_server
    s.send_bytes(b"Content-Length: abc\r\n\r\n")
    s.send_bytes(b"X-Whatever: 1\r\n\r\n")
    s.send_bytes(b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n" + frame(b'{"jsonrpc":"2.0",'
                                                                                        b'"id":77,"method":"x/y",'
                                                                                        b'"params":{}}'))
    resp = s.wait_response(77, timeout=20)
    assert resp["error"]["code"] == -32601
    still_serving(s)


def test_invalid_params_get_an_invalid_params_error(own_server: LspProcess) -> None:
    """Ill-typed or missing params: -32602 (bench/README.md, Fuzzing, bug 6)."""
    s = own_server
    bad = [{"textDocument": {"uri": "file:///x.py"}}, [1, 2],
           {"textDocument": {"uri": "file:///x.py"}, "position": {"line": -1, "character": "a"}}]
    rids = [s.request_async("textDocument/hover", params) for params in bad]
    still_serving(s)  # messages are handled in order: every earlier answer has been sent by now
    for rid, params in zip(rids, bad, strict=True):
        resp = answered(s, rid)
        assert resp is not None, f"no answer to hover with params {params!r}"
        assert resp["error"]["code"] == -32602


def test_unknown_request_without_params_is_method_not_found(own_server: LspProcess) -> None:
    """JSON-RPC lets a request omit params: an unknown one is still -32601 (bench/README.md, Fuzzing, bug 6)."""
    rid = own_server.request_async("pyasc/noSuchThing", None)
    still_serving(own_server)
    resp = answered(own_server, rid)
    assert resp is not None, "no answer to an unknown request without params"
    assert resp["error"]["code"] == -32601


def test_bad_json_gets_a_parse_error(own_server: LspProcess) -> None:
    """A frame that is not JSON: -32700 Parse error with id null (bench/README.md, Fuzzing, bug 6)."""
    own_server.send_bytes(frame(b'{"jsonrpc": "2.0", "id": 1, "method": '))
    still_serving(own_server)
    resp = answered(own_server, None)
    assert resp is not None and resp["error"]["code"] == -32700


@pytest.mark.parametrize("delta", [-5, +7])
def test_wrong_content_length_then_the_server_answers_again(own_server: LspProcess, delta: int) -> None:
    """pygls' reader never found a header again after a wrong Content-Length (bench/README.md, Fuzzing, bug 5)."""
    s = own_server
    body = json.dumps({"jsonrpc": "2.0", "id": 5000, "method": "x/y"}).encode()
    s.send_bytes(frame(body, len(body) + delta))
    time.sleep(0.2)
    # A client that resends after a timeout: the server must recover within a few messages.
    rids = [s.request_async("textDocument/hover", params_for("textDocument/hover", "file:///x.py",
                                                            {"line": 0, "character": 0})) for _ in range(3)]
    try:
        s.wait_response(rids[-1], timeout=4)
    except ServerGone:
        pytest.fail("the server never answered again after a frame with a wrong Content-Length")
    assert s.alive()


def test_notifications_racing_requests(server: LspProcess, root: Path) -> None:
    """200 edits, each followed at once by a hover and a completion, without waiting for any answer."""
    uri = (root / "racing.py").as_uri()
    text = KERNEL
    server.open(uri, text)
    anchor = text.index("asc.add(z_local")
    pending = []
    for i in range(200):
        # type one character of a comment after the call, then ask about the call
        at = text.index("\n", anchor)
        e = Edit(at, at, "#" if i == 0 else "x")
        server.change(uri, i + 2, [e.change_event(text, "utf-16")])
        text = e.apply(text)
        pos = position(text, anchor + 5, "utf-16")
        for method in ("textDocument/hover", "textDocument/completion", "textDocument/documentSymbol"):
            pending.append((method, server.request_async(method, params_for(method, uri, pos))))
    for method, rid in pending:
        resp = server.wait_response(rid, timeout=60)
        assert "error" not in resp, (method, resp)
    final = server.wait_published(uri, 201)
    assert final == []  # the kernel is unchanged apart from a comment
    hover = server.result("textDocument/hover", params_for("textDocument/hover", uri, pos))
    assert hover is not None and "add" in json.dumps(hover["contents"])
    server.close_doc(uri)


def test_cancel_in_flight_requests(server: LspProcess, root: Path) -> None:
    """Requests cancelled while they wait for an analysis answer RequestCancelled (or their result); nothing
    else is disturbed and the server keeps serving."""
    uri = (root / "slow.py").as_uri()
    big = "\n".join(f"C{i} = {i}" for i in range(20_000)) + "\n" + BROKEN
    server.open(uri, big)
    rids = [server.request_async(m, params_for(m, uri, {"line": 20_010, "character": 8}))
            for m in ("textDocument/diagnostic", "textDocument/hover", "pyasc/generatedCode")]
    for rid in rids:
        server.notify("$/cancelRequest", {"id": rid})
    for rid in rids:
        resp = server.wait_response(rid, timeout=60)
        assert "result" in resp or resp["error"]["code"] == -32800, resp
    diags = server.wait_published(uri, 1, timeout=120)
    assert [d["code"] for d in diags] == ["PA202"]
    still_serving(server, uri)
    server.close_doc(uri)


@pytest.mark.parametrize("sep", ["\x0c", "\u2028", "\x1c", "\x85"])
def test_incremental_edits_after_non_lsp_line_breaks(server: LspProcess, root: Path, sep: str) -> None:
    """pygls splits lines with str.splitlines(), which also breaks at form feed, U+2028 and others; LSP lines end
    only at \\n, \\r\\n, \\r, so edits after such a character landed on the wrong line (bench/README.md, Fuzzing,
    bug 3)."""
    text = f"# page{sep}break\n" + BROKEN
    uri = (root / f"sep_{ord(sep):x}.py").as_uri()
    server.open(uri, text)
    at = text.index("asc.ad(")
    e = Edit(at + len("asc.ad"), at + len("asc.ad"), "d")  # fix the typo: asc.add
    server.change(uri, 2, [e.change_event(text, "utf-16")])
    diags = server.wait_published(uri, 2)
    server.close_doc(uri)
    assert diags == [], [d["message"] for d in diags]


def test_lone_cr_line_ends(server: LspProcess, root: Path) -> None:
    """Python's parser and LSP end a line at a lone \\r, pyasc's positions only at \\n: every range of a file with
    classic-Mac line ends landed on line 0 (bench/README.md, Fuzzing, bug 2)."""
    text = BROKEN.replace("\n", "\r")
    uri = (root / "lone_cr.py").as_uri()
    server.open(uri, text)
    diags = server.wait_published(uri, 1)
    server.close_doc(uri)
    assert [d["code"] for d in diags] == ["PA202"]
    at = text.index("asc.ad(") + len("asc.")
    assert diags[0]["range"]["start"] == position(text, at, "utf-16")


def test_concurrent_plain_python_completions(own_server: LspProcess, root: Path) -> None:
    """jedi is not thread-safe: run several at once, its helper process's pipe got interleaved reads
    (UnpicklingError) and later completions hung (bench/README.md, Fuzzing, bug 4)."""
    s = own_server
    text = "import os\nimport json\nx = os.pa\ny = json.lo\nz = str.jo\n"
    uri = (root / "jedi_race.py").as_uri()
    s.open(uri, text)
    s.wait_published(uri, 1)
    rids = [s.request_async("textDocument/completion", {"textDocument": {"uri": uri},
                                                        "position": {"line": i % 3 + 2, "character": 9}})
            for i in range(30)]
    for rid in rids:
        try:
            # a hang detector only (the bug was completions never answered), generous for a busy machine
            resp = s.wait_response(rid, timeout=120)
        except ServerGone:
            pytest.fail(f"completion {rid} was never answered")
        assert resp["result"] and resp["result"]["items"], resp
    assert "Error in 'completion'" not in s.stderr_tail(10**6)


def test_lone_cr_joined_by_an_inserted_lf(server: LspProcess, root: Path) -> None:
    """A \\n typed right after a lone \\r makes one \\r\\n line end for the client, not two line ends (a first fix
    of bug 2 stored lone \\r as \\n in the server's copy, and every later line was off by one)."""
    text = BROKEN.replace("\n", "\r")
    uri = (root / "lone_cr_joined.py").as_uri()
    server.open(uri, text)
    server.wait_published(uri, 1)
    at = text.index("\r") + 1
    e = Edit(at, at, "\n")
    server.change(uri, 2, [e.change_event(text, "utf-16")])
    text = e.apply(text)
    diags = server.wait_published(uri, 2)
    server.close_doc(uri)
    at = text.index("asc.ad(") + len("asc.")
    assert [d["range"]["start"] for d in diags] == [position(text, at, "utf-16")]


@pytest.mark.parametrize("case", ["past-line-end", "after-record-separator"])
def test_change_ranges_reach_the_server_unaltered(server: LspProcess, root: Path, case: str) -> None:
    uri = (root / f"unaltered_{case}.py").as_uri()
    if case == "past-line-end":
        # LSP: a character past the end of its line means the line's end (here the last line, with no \n)
        text = "import pyasc as asc\ny = (1"
        server.open(uri, text)
        server.change(uri, 2, [{"range": {"start": {"line": 1, "character": 0},
                                          "end": {"line": 1, "character": 10_000}}, "text": "y = (1)"}])
    else:
        text = "x = 1\n"
        server.open(uri, text)
        e1 = Edit(0, 0, "\x1e")  # not a line end for LSP, but one for str.splitlines()
        server.change(uri, 2, [e1.change_event(text, "utf-16")])
        text = e1.apply(text)
        e2 = Edit(0, 2, "")  # removes the separator and the "x"
        server.change(uri, 3, [e2.change_event(text, "utf-16")])
        server.change(uri, 4, [Edit(0, 0, "y").change_event(e2.apply(text), "utf-16")])
    diags = server.wait_published(uri, 2 if case == "past-line-end" else 4)
    server.close_doc(uri)
    assert diags == [], [d["message"] for d in diags]
