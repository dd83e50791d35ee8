"""A small synchronous JSON-RPC client for the language server over the process's real stdin/stdout.

Independent of pygls on purpose: it can send raw bytes (malformed frames, wrong Content-Length), it keeps every
message the server sends, and it answers the server's own requests (configuration, progress tokens) the way a
plain editor would.  A reader thread parses frames; the test thread sends and waits.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

SERVER = [sys.executable, "-m", "pyasc_lsp"]


class ServerGone(AssertionError):
    """The server exited or stopped answering."""


class LspProcess:
    """One server process and the messages it sent."""

    def __init__(self, cwd: Path, log_level: str = "WARNING", env: dict[str, str] | None = None) -> None:
        self.stderr_path = cwd / f"server-stderr-{os.getpid()}-{id(self)}.log"
        self._stderr = open(self.stderr_path, "wb")  # noqa: SIM115 - closed in close()
        self.proc = subprocess.Popen([*SERVER, "--log-level", log_level], cwd=cwd, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self._stderr, env={**os.environ, **(env or {})})
        self._ids = itertools.count(1)
        self._write = threading.Lock()
        self._cond = threading.Condition()
        self.responses: dict[Any, dict] = {}
        self.notifications: list[dict] = []
        self.server_requests: list[dict] = []
        self.protocol_errors: list[str] = []
        """Frames from the server that were not valid JSON-RPC (always a failure)."""
        self.encoding = "utf-16"
        self._reader = threading.Thread(target=self._read_loop, name="lsp-reader", daemon=True)
        self._reader.start()

    # -- wire -----------------------------------------------------------------------------------------------------
    def send_bytes(self, data: bytes) -> None:
        with self._write:
            try:
                assert self.proc.stdin is not None
                self.proc.stdin.write(data)
                self.proc.stdin.flush()
            except (BrokenPipeError, OSError) as exc:
                raise ServerGone(f"cannot write to the server: {exc!r}; {self.stderr_tail()}") from exc

    def send(self, message: dict) -> None:
        body = json.dumps(message, ensure_ascii=False).encode("utf-8")
        self.send_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def _read_loop(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    with self._cond:
                        self._cond.notify_all()
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode("ascii", "replace").partition(":")
                if name.lower() == "content-length":
                    length = int(value.strip())
            if length is None:
                self.protocol_errors.append("frame without Content-Length")
                continue
            body = out.read(length)
            try:
                msg = json.loads(body.decode("utf-8"))
            except ValueError as exc:
                self.protocol_errors.append(f"bad JSON from the server: {exc}: {body[:200]!r}")
                continue
            self._dispatch(msg)

    def _dispatch(self, msg: dict) -> None:
        if "method" in msg and "id" in msg:
            self.server_requests.append(msg)
            self._answer(msg)
            return
        with self._cond:
            if "method" in msg:
                self.notifications.append(msg)
            elif "id" in msg:
                self.responses[msg["id"]] = msg
            else:
                self.protocol_errors.append(f"message neither request, response nor notification: {msg}")
            self._cond.notify_all()

    def _answer(self, req: dict) -> None:
        """Reply to the server's requests as a minimal editor does."""
        method = req["method"]
        if method == "workspace/configuration":
            result: Any = [None for _ in req.get("params", {}).get("items", [])]
        else:
            result = None
        try:
            self.send({"jsonrpc": "2.0", "id": req["id"], "result": result})
        except ServerGone:
            pass

    # -- requests ---------------------------------------------------------------------------------------------------
    def request_async(self, method: str, params: Any = None) -> int:
        rid = next(self._ids)
        msg: dict[str, Any] = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        return rid

    def wait_response(self, rid: Any, timeout: float = 30.0) -> dict:
        deadline = time.monotonic() + timeout
        with self._cond:
            while rid not in self.responses:
                if self.proc.poll() is not None:
                    raise ServerGone(f"server exited with {self.proc.returncode}; {self.stderr_tail()}")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise ServerGone(f"no answer to request {rid} within {timeout} s; {self.stderr_tail()}")
                self._cond.wait(min(left, 0.5))
            return self.responses.pop(rid)

    def request(self, method: str, params: Any = None, timeout: float = 30.0) -> dict:
        """Send a request and return the whole response message (with 'result' or 'error')."""
        return self.wait_response(self.request_async(method, params), timeout)

    def result(self, method: str, params: Any = None, timeout: float = 30.0) -> Any:
        resp = self.request(method, params, timeout)
        assert "error" not in resp, f"{method} failed: {resp['error']}"
        return resp.get("result")

    def notify(self, method: str, params: Any = None) -> None:
        msg: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)

    def wait_for(self, predicate: Any, timeout: float = 30.0, what: str = "a notification") -> dict:
        """The first notification (in arrival order) for which `predicate(msg)` holds."""
        deadline = time.monotonic() + timeout
        seen = 0
        with self._cond:
            while True:
                for msg in self.notifications[seen:]:
                    if predicate(msg):
                        return msg
                seen = len(self.notifications)
                if self.proc.poll() is not None:
                    raise ServerGone(f"server exited with {self.proc.returncode}; {self.stderr_tail()}")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise ServerGone(f"timed out waiting for {what}; {self.stderr_tail()}")
                self._cond.wait(min(left, 0.5))

    # -- session ----------------------------------------------------------------------------------------------------
    def initialize(self, root: Path, encodings: list[str] | None = None, pull: bool = False,
                   init_options: dict | None = None) -> dict:
        """initialize + initialized, offering `encodings`; records the encoding the server chose."""
        text_caps: dict[str, Any] = {
            "synchronization": {"didSave": True},
            "hover": {"contentFormat": ["markdown", "plaintext"]},
            "completion": {"completionItem": {"snippetSupport": False}},
            "publishDiagnostics": {"relatedInformation": True, "versionSupport": True},
            "documentSymbol": {"hierarchicalDocumentSymbolSupport": True},
        }
        if pull:
            text_caps["diagnostic"] = {"dynamicRegistration": False}
        caps: dict[str, Any] = {"textDocument": text_caps, "workspace": {"configuration": True},
                                "window": {"workDoneProgress": True}}
        if encodings:
            caps["general"] = {"positionEncodings": encodings}
        result = self.result("initialize", {"processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": caps,
                                            "initializationOptions": init_options}, timeout=60)
        self.encoding = result["capabilities"].get("positionEncoding", "utf-16")
        self.notify("initialized", {})
        return result

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": version,
                                                              "text": text}})

    def close_doc(self, uri: str) -> None:
        self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})

    def change(self, uri: str, version: int, changes: list[dict]) -> None:
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                               "contentChanges": changes})

    def published(self, uri: str) -> list[dict]:
        """Every publishDiagnostics params sent for `uri`, oldest first."""
        with self._cond:
            return [m["params"] for m in self.notifications
                    if m["method"] == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri]

    def wait_published(self, uri: str, version: int, timeout: float = 60.0) -> list[dict]:
        """The diagnostics pushed for `uri` at `version`."""
        msg = self.wait_for(lambda m: m["method"] == "textDocument/publishDiagnostics"
                            and m["params"]["uri"] == uri and m["params"].get("version") == version,
                            timeout, f"diagnostics of {uri} version {version}")
        return msg["params"]["diagnostics"]

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stderr_tail(self, n: int = 4000) -> str:
        try:
            if not self._stderr.closed:
                self._stderr.flush()
            data = self.stderr_path.read_bytes()
        except OSError:
            return ""
        return "server stderr: " + data[-n:].decode("utf-8", "replace")

    def close(self, timeout: float = 20.0) -> int | None:
        """shutdown + exit when the server is alive; returns its exit code (killed if it does not answer)."""
        try:
            if self.alive():
                self.request("shutdown", None, timeout=timeout)
                self.notify("exit")
            return self.proc.wait(timeout=timeout)
        except (ServerGone, subprocess.TimeoutExpired):
            self.proc.kill()
            return self.proc.wait(timeout=20)
        finally:
            for stream in (self.proc.stdin, self.proc.stdout):
                try:
                    if stream is not None:
                        stream.close()
                except OSError:
                    pass
            self._stderr.close()
