"""The stdio message loop: LSP's base protocol (`Content-Length` header, blank line, JSON body) read off stdin.

pygls' own loop only accepts a header that fills a whole line, so after one frame with a wrong Content-Length
(the rest of that body glued to the next header) it never finds a header again and every later message is lost.
This loop takes the header at the end of whatever line it ends, and so recovers at the next frame.

stdin is watched by the event loop itself (a pipe is readable, then read at once), not read in a thread, so a message
reaches its handler without a thread hand-over; a descriptor the loop cannot watch is read in a thread.

pygls' stdin reader also hands every line and every body over from a thread of its own, three thread round trips a
message, each waiting for the GIL while an analysis runs: a burst of edits was read a few messages per analysis, so
that nearly every edit of the burst was analyzed.  Here stdin is read in chunks of whatever has arrived, and the
messages already there are handled one after the other without waiting: a burst is coalesced into one analysis of
its last version, and requests behind it are answered sooner.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
import os
import re
import sys
import threading
from typing import Any

from pygls.exceptions import JsonRpcException
from pygls.io_ import StdoutWriter

logger = logging.getLogger(__name__)

_HEADER = re.compile(rb"Content-Length:\s*(\d+)\s*$", re.IGNORECASE)


CHUNK = 1 << 16
"""Bytes asked for per read of stdin (a read returns what has arrived, up to this)."""


class ChunkReader:
    """readline / readexactly over a file descriptor, served from what has been read so far; only an empty buffer
    waits (in `executor`) for the next chunk."""

    def __init__(self, fd: int, executor: concurrent.futures.Executor | None = None) -> None:
        self._fd = fd
        self._executor = executor
        self._watch = True
        """Wait for input on the event loop itself (a pipe or socket); False once the loop refused the descriptor
        (a regular file), which is then read in `executor`."""
        self.thread_reads = 0
        """Reads made in `executor` (for the tests)."""
        self._buf = bytearray()
        self._pos = 0
        self._eof = False

    async def _fill(self) -> None:
        if self._pos:
            del self._buf[:self._pos]
            self._pos = 0
        data = await self._read()
        if data:
            self._buf += data
        else:
            self._eof = True

    async def _read(self) -> bytes:
        """The next chunk.  Waiting on the event loop (the descriptor is readable, so the read returns at once)
        saves a thread hand-over per message: on a machine with no core free each one waits for a CPU."""
        loop = asyncio.get_running_loop()
        if self._watch:
            ready: asyncio.Future[None] = loop.create_future()
            try:
                loop.add_reader(self._fd, _resolve, ready)
            except (OSError, ValueError, NotImplementedError):  # e.g. a regular file, or a loop without readers
                self._watch = False
            else:
                try:
                    await ready
                finally:
                    loop.remove_reader(self._fd)
                return os.read(self._fd, CHUNK)
        self.thread_reads += 1
        return await loop.run_in_executor(self._executor, os.read, self._fd, CHUNK)

    async def readline(self) -> bytes:
        """The next line with its b"\\n" (at end of input: what is left, b"" when nothing)."""
        while True:
            end = self._buf.find(b"\n", self._pos)
            if end >= 0:
                line = bytes(self._buf[self._pos:end + 1])
                self._pos = end + 1
                return line
            if self._eof:
                line = bytes(self._buf[self._pos:])
                self._pos = len(self._buf)
                return line
            await self._fill()

    async def readexactly(self, n: int) -> bytes:
        """The next `n` bytes (fewer only at end of input)."""
        while len(self._buf) - self._pos < n and not self._eof:
            await self._fill()
        data = bytes(self._buf[self._pos:self._pos + n])
        self._pos += len(data)
        return data


def _resolve(ready: asyncio.Future[None]) -> None:
    if not ready.done():
        ready.set_result(None)


async def read_messages(stop: threading.Event, reader: Any, protocol: Any, on_error: Any) -> None:
    """Hand each message to `protocol` until EOF or `stop`; a body that is not a message is reported, not fatal."""
    length: int | None = None
    while not stop.is_set():
        line = await reader.readline()
        if not line:
            break
        found = _HEADER.search(line)
        if found is not None:
            length = int(found.group(1))
            continue
        if line.strip() or length is None:
            continue  # another header (Content-Type), or junk before the next Content-Length
        body = await reader.readexactly(length)
        length = None
        if not body:
            break
        try:
            message = json.loads(body, object_hook=protocol.structure_message)
            protocol.handle_message(message)
        except Exception as exc:
            logger.exception("Unable to handle message")
            on_error(exc, JsonRpcException)


def serve_stdio(server: Any) -> None:
    """Serve `server` (a pygls LanguageServer) over stdin/stdout until the client exits or the pipe closes."""
    stop = threading.Event()
    server._stop_event = stop
    reader = ChunkReader(sys.stdin.buffer.fileno(), server.thread_pool)
    server.protocol.set_writer(StdoutWriter(sys.stdout.buffer))
    try:
        asyncio.run(read_messages(stop, reader, server.protocol, server.report_server_error))
    except BrokenPipeError:
        logger.error("Connection to the client is lost; shutting down.")
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.shutdown()
