"""The stdio message loop: LSP's base protocol (`Content-Length` header, blank line, JSON body) read off stdin.

pygls' own loop only accepts a header that fills a whole line, so after one frame with a wrong Content-Length
(the rest of that body glued to the next header) it never finds a header again and every later message is lost.
This loop takes the header at the end of whatever line it ends, and so recovers at the next frame.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sys
import threading
from typing import Any

from pygls.exceptions import JsonRpcException
from pygls.io_ import StdinAsyncReader, StdoutWriter

logger = logging.getLogger(__name__)

_HEADER = re.compile(rb"Content-Length:\s*(\d+)\s*$", re.IGNORECASE)


async def read_messages(stop: threading.Event, reader: StdinAsyncReader, protocol: Any, on_error: Any) -> None:
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
    reader = StdinAsyncReader(sys.stdin.buffer, server.thread_pool)
    server.protocol.set_writer(StdoutWriter(sys.stdout.buffer))
    try:
        asyncio.run(read_messages(stop, reader, server.protocol, server.report_server_error))
    except BrokenPipeError:
        logger.error("Connection to the client is lost; shutting down.")
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.shutdown()
