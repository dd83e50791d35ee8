"""The extension's linking rules applied to what the real language server returns for `pyasc/generatedCode`.

The server is driven over stdio with plain JSON-RPC (as VS Code would), and the result goes through the extension's
compiled `mapping`/`highlight` modules: this catches a protocol drift between the two sides without a browser.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .conftest import EXTENSION, ROOT

SAMPLE = Path(__file__).parent / "samples" / "vadd.py"


class Rpc:
    """A minimal LSP client: answers the server's own requests so that it never blocks on us."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        self.proc = proc
        self.next_id = 0
        self.notifications: list[dict[str, Any]] = []

    def send(self, msg: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **msg}).encode()
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        length = 0
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise AssertionError("the server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.proc.stdout.read(length))

    def request(self, method: str, params: Any) -> Any:
        self.next_id += 1
        my_id = self.next_id
        self.send({"id": my_id, "method": method, "params": params})
        while True:
            msg = self.read()
            if msg.get("id") == my_id and "method" not in msg:
                assert "error" not in msg, msg
                return msg.get("result")
            self.handle(msg)

    def handle(self, msg: dict[str, Any]) -> None:
        if "method" in msg and "id" in msg:
            items = (msg.get("params") or {}).get("items", [])
            result = [None] * len(items) if msg["method"] == "workspace/configuration" else None
            self.send({"id": msg["id"], "result": result})
        elif "method" in msg:
            self.notifications.append(msg)

    def wait_for(self, method: str, uri: str) -> None:
        while not any(n["method"] == method and (n.get("params") or {}).get("uri") == uri for n in self.notifications):
            self.handle(self.read())


def _pos(lines: list[str], needle: str) -> dict[str, int]:
    for i, line in enumerate(lines):
        col = line.find(needle)
        if col >= 0:
            return {"line": i, "character": col + 1}
    raise AssertionError(f"{needle!r} not found")


@pytest.mark.timeout(120)
def test_linking_rules_on_real_server_output(tmp_path: Path) -> None:
    npm, node = shutil.which("npm"), shutil.which("node")
    if npm is None or node is None or not (ROOT / "node_modules" / "typescript").is_dir():
        pytest.fail("node/npm or node_modules missing: run `make deps` (scripts/deps-vscode.sh)")
    build = subprocess.run([npm, "run", "compile", "--workspace", "vscode-extension"], cwd=ROOT,
                           capture_output=True, text=True, timeout=120)
    assert build.returncode == 0, build.stdout + build.stderr

    text = SAMPLE.read_text()
    kernel = tmp_path / SAMPLE.name
    kernel.write_text(text)
    uri = kernel.as_uri()
    proc = subprocess.Popen([sys.executable, "-m", "pyasc_lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, cwd=tmp_path)
    try:
        rpc = Rpc(proc)
        rpc.request("initialize", {
            "processId": None,
            "rootUri": tmp_path.as_uri(),
            "capabilities": {"general": {"positionEncodings": ["utf-16"]}, "workspace": {"configuration": True}},
        })
        rpc.send({"method": "initialized", "params": {}})
        rpc.send({"method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}}})
        rpc.wait_for("textDocument/publishDiagnostics", uri)
        result = rpc.request("pyasc/generatedCode", {"textDocument": {"uri": uri}})
        rpc.request("shutdown", None)
        rpc.send({"method": "exit"})
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()

    py_lines = text.splitlines()
    cpp_lines = result["text"].splitlines()
    py_needles = ["asc.data_copy(x_local", "asc.add(", "in_x.enque(x_local)", "for i in range"]
    cpp_needles = ["AscendC::Add(", "in_y.EnQue(y_local)"]
    queries = {"python": [_pos(py_lines, n) for n in py_needles], "cpp": [_pos(cpp_lines, n) for n in cpp_needles]}
    (tmp_path / "result.json").write_text(json.dumps(result))
    (tmp_path / "queries.json").write_text(json.dumps(queries))
    run = subprocess.run(
        [node, str(Path(__file__).parent / "contract.mjs"), str(EXTENSION / "out"), str(tmp_path / "result.json"),
         str(tmp_path / "queries.json")], capture_output=True, text=True, timeout=60,
    )
    assert run.returncode == 0, run.stderr
    answers = json.loads(run.stdout)
    assert answers["mappings"] > 20 and answers["kernels"] == ["vadd_kernel"]

    def cpp_text(hl: dict[str, Any]) -> list[str]:
        return [cpp_lines[n] for n in hl["lines"]]

    def py_text(hl: dict[str, Any]) -> list[str]:
        return [py_lines[n] for n in hl["lines"]]

    data_copy, add, enque, loop = answers["fromPython"]
    assert any("AscendC::DataCopy(x_local" in t for t in cpp_text(data_copy)), cpp_text(data_copy)
    assert any("AscendC::Add(" in t for t in cpp_text(add)), cpp_text(add)
    assert not any("AscendC::DataCopy" in t for t in cpp_text(add))
    assert any("in_x.EnQue(x_local)" in t for t in cpp_text(enque)), cpp_text(enque)
    assert any(t.lstrip().startswith("for (") for t in cpp_text(loop)), cpp_text(loop)
    for hl in (data_copy, add, enque, loop):
        assert hl["ranges"] and hl["reveal"], hl

    add_back, enque_back = answers["fromCpp"]
    assert any("asc.add(" in t for t in py_text(add_back)), py_text(add_back)
    assert any("in_y.enque(y_local)" in t for t in py_text(enque_back)), py_text(enque_back)
    add_jump = answers["jumps"][0]
    assert add_jump["start"]["line"] == _pos(py_lines, "asc.add(")["line"]

    # Statement colours: every coloured C++ line shares its colour with a Python band, neighbours differ.
    bands = answers["colours"]["python"]
    assert len(bands) > 15
    assert all(a["colour"] != b["colour"] for a, b in zip(bands, bands[1:], strict=False))
    python_colours = {b["colour"] for b in bands}
    assert {c["colour"] for c in answers["colours"]["cpp"]} <= python_colours
