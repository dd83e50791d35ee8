"""initialize / initialized / shutdown in the server's own protocol object, without a process: what a client that
shuts down at once (a new user trying the server, an editor closing right after opening) gets back."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

from pyasc_lsp.features import create_server


class Wire:
    """The server's writer: keeps every message it sends."""

    def __init__(self) -> None:
        self.messages: list[dict] = []

    def write(self, data: bytes) -> None:
        self.messages.append(json.loads(data.split(b"\r\n\r\n", 1)[1]))

    def answer(self, msg_id: int) -> dict | None:
        return next((m for m in self.messages if m.get("id") == msg_id and "method" not in m), None)


def receive(server: object, message: dict) -> None:
    protocol = server.protocol  # type: ignore[attr-defined]
    protocol.handle_message(json.loads(json.dumps({"jsonrpc": "2.0", **message}),
                                       object_hook=protocol.structure_message))


async def until(predicate: object, what: str) -> None:
    for _ in range(2000):
        if predicate():  # type: ignore[operator]
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"timed out waiting for {what}")


async def test_shutdown_right_after_initialized_is_answered_with_null(tmp_path: Path):
    server = create_server()
    wire = Wire()
    server.protocol.set_writer(wire)
    receive(server, {"id": 1, "method": "initialize", "params": {
        "processId": os.getpid(), "rootUri": tmp_path.as_uri(),
        "capabilities": {"workspace": {"configuration": True}}}})
    await until(lambda: wire.answer(1) is not None, "the initialize answer")
    receive(server, {"method": "initialized", "params": {}})
    # The initialized handler now waits for the client's workspace/configuration answer, which never comes: its
    # future is still pending when the shutdown request arrives.
    await until(lambda: any(m.get("method") == "workspace/configuration" for m in wire.messages),
                "the configuration request")
    pending = [f for f in server.protocol._request_futures.values() if not f.done()]
    assert pending, "the initialized handler is expected to be running"
    receive(server, {"id": 2, "method": "shutdown"})
    await until(lambda: wire.answer(2) is not None, "the shutdown answer")
    assert wire.answer(2) == {"jsonrpc": "2.0", "id": 2, "result": None}
    await until(lambda: all(f.done() for f in pending), "the cancellation of what was still running")
    assert all(f.cancelled() for f in pending)
