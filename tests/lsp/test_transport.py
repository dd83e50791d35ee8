"""The stdio transport under malformed input, over raw bytes: every request is answered (with a JSON-RPC error
where it must be), and a frame with a wrong Content-Length costs at most the frames it overlaps."""

from __future__ import annotations

import json
import queue
import subprocess
import threading
from collections.abc import Iterator

import pytest

from .helpers import SERVER


class RawServer:
    """The server over its pipes: write frames, read parsed messages."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(SERVER, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages: queue.Queue[dict] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
                elif line in (b"\r\n", b"\n"):
                    break
            assert length is not None
            self.messages.put(json.loads(out.read(length)))

    def send(self, body: bytes, length: int | None = None) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % (len(body) if length is None else length) + body)
        self.proc.stdin.flush()

    def request(self, rid: int, method: str, params: object = None) -> None:
        msg: dict = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(json.dumps(msg).encode())

    def response(self, rid: object, timeout: float = 10) -> dict:
        while True:
            msg = self.messages.get(timeout=timeout)
            if "method" not in msg and msg.get("id") == rid:
                return msg

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()


@pytest.fixture(scope="module")
def raw() -> Iterator[RawServer]:
    server = RawServer()
    server.request(1, "initialize", {"capabilities": {}, "processId": None, "rootUri": None})
    server.response(1, timeout=30)
    server.send(json.dumps({"jsonrpc": "2.0", "method": "initialized", "params": {}}).encode())
    yield server
    server.close()


HOVER = {"textDocument": {"uri": "file:///x.py"}, "position": {"line": 0, "character": 0}}


def test_params_of_the_wrong_shape_get_invalid_params(raw: RawServer):
    raw.request(10, "textDocument/hover", [1, 2])
    raw.request(11, "textDocument/hover", {"textDocument": {"uri": "file:///x.py"},
                                           "position": {"line": -1, "character": "a"}})
    assert raw.response(10)["error"]["code"] == -32602
    assert raw.response(11)["error"]["code"] == -32602


def test_unknown_method_without_params_is_method_not_found(raw: RawServer):
    raw.request(20, "pyasc/noSuchThing")
    assert raw.response(20)["error"]["code"] == -32601


def test_a_frame_that_is_not_json_gets_a_parse_error(raw: RawServer):
    raw.send(b'{"jsonrpc": "2.0", "id": 30, "method": ')
    assert raw.response(None)["error"]["code"] == -32700
    raw.request(31, "textDocument/hover", HOVER)
    assert "result" in raw.response(31)


@pytest.mark.parametrize("delta", [-5, 7])
def test_wrong_content_length_costs_only_the_frames_it_overlaps(raw: RawServer, delta: int):
    body = json.dumps({"jsonrpc": "2.0", "id": 40, "method": "x/y"}).encode()
    raw.send(body, len(body) + delta)
    for rid in (41, 42, 43):
        raw.request(rid, "textDocument/hover", HOVER)
    assert "result" in raw.response(43)


def test_server_process_exits_cleanly(raw: RawServer):
    raw.request(90, "shutdown")
    assert raw.response(90)["result"] is None
    raw.send(json.dumps({"jsonrpc": "2.0", "method": "exit"}).encode())
    assert raw.proc.wait(timeout=20) == 0


async def test_chunk_reader_serves_lines_and_bodies_from_what_has_arrived():
    import os

    from pyasc_lsp.transport import ChunkReader

    r, w = os.pipe()
    frames = b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
                      for body in (b'{"a": 1}', b'{"b": 22}', b"x" * 70_000))  # the last spans several chunks
    os.write(w, frames[:40_000])
    writer = threading.Thread(target=lambda: (os.write(w, frames[40_000:]), os.close(w)))
    writer.start()
    reader = ChunkReader(r)
    got = []
    while True:
        header = await reader.readline()
        if not header:
            break
        assert header.startswith(b"Content-Length: ")
        assert await reader.readline() == b"\r\n"
        got.append(await reader.readexactly(int(header.split(b":")[1])))
    writer.join()
    os.close(r)
    assert got == [b'{"a": 1}', b'{"b": 22}', b"x" * 70_000]
    assert await reader.readexactly(5) == b"", "at end of input: nothing more"
    assert reader.thread_reads == 0, "a pipe is watched by the event loop, not read in a thread"


async def test_chunk_reader_reads_a_descriptor_the_loop_cannot_watch_in_a_thread(tmp_path):
    import os

    from pyasc_lsp.transport import ChunkReader

    path = tmp_path / "input"
    path.write_bytes(b"Content-Length: 2\r\n\r\n{}")
    fd = os.open(path, os.O_RDONLY)  # a regular file: epoll refuses it
    try:
        reader = ChunkReader(fd)
        assert await reader.readline() == b"Content-Length: 2\r\n"
        assert await reader.readline() == b"\r\n"
        assert await reader.readexactly(2) == b"{}"
        assert await reader.readline() == b""
    finally:
        os.close(fd)
    assert reader.thread_reads >= 1


async def test_messages_already_read_are_handled_without_waiting():
    """A burst that arrived in one read is handed to the protocol message after message in one go, so that the
    scheduler sees all of it before an analysis starts."""
    import asyncio
    import os

    from pyasc_lsp.transport import ChunkReader, read_messages

    r, w = os.pipe()
    bodies = [json.dumps({"jsonrpc": "2.0", "method": "n", "params": {"i": i}}).encode() for i in range(200)]
    os.write(w, b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(b), b) for b in bodies))
    os.close(w)
    seen: list[int] = []
    loop_turns: list[int] = []

    class Protocol:
        @staticmethod
        def structure_message(data: dict) -> dict:
            return data

        @staticmethod
        def handle_message(message: dict) -> None:
            seen.append(message["params"]["i"])
            loop_turns.append(ticks)

    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0)

    task = asyncio.get_running_loop().create_task(ticker())
    await read_messages(threading.Event(), ChunkReader(r), Protocol(), lambda exc, source: None)
    task.cancel()
    os.close(r)
    assert seen == list(range(200))
    assert len(set(loop_turns)) == 1, "the event loop did not run between the messages of one read"
