"""Forward the server's log records to the client (window/logMessage), so failures show in the editor's log."""

from __future__ import annotations

import logging
import threading

from lsprotocol import types

from ..server import PyascServer

_LEVELS = {
    logging.ERROR: types.MessageType.Error,
    logging.WARNING: types.MessageType.Warning,
    logging.INFO: types.MessageType.Info,
    logging.DEBUG: types.MessageType.Log,
}


class ClientLogHandler(logging.Handler):
    """A logging handler that sends each record as window/logMessage, from whichever thread logged it."""

    def __init__(self, server: PyascServer, level: int = logging.INFO) -> None:
        super().__init__(level)
        self.server = server
        self._local = threading.local()

    def emit(self, record: logging.LogRecord) -> None:
        if getattr(self._local, "busy", False) or self.server.loop is None:
            return  # nothing is connected yet, or this record comes from sending a record
        self._local.busy = True
        try:
            kind = _LEVELS.get(record.levelno, types.MessageType.Log)
            params = types.LogMessageParams(type=kind, message=self.format(record))
            self.server.call_on_loop(self.server.window_log_message, params)
        except Exception:
            pass  # logging must never fail the caller
        finally:
            self._local.busy = False


def setup(server: PyascServer) -> None:
    handler = ClientLogHandler(server)
    handler.setFormatter(logging.Formatter("%(name)s: %(message)s"))
    for name in ("pyasc_lsp", "pyasc"):
        log = logging.getLogger(name)
        log.addHandler(handler)
        if log.getEffectiveLevel() > logging.INFO:
            log.setLevel(logging.INFO)  # the client's log shows INFO and above; --log-level DEBUG keeps DEBUG
