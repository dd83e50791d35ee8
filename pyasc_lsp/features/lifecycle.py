"""initialize and shutdown: remember the client's choices (pull or push diagnostics, settings) and release work."""

from __future__ import annotations

import asyncio
import logging
import threading

from lsprotocol import types

from ..guard import guarded
from ..server import PyascServer, path_of

logger = logging.getLogger(__name__)


def _root(params: types.InitializeParams) -> str | None:
    """The workspace's first folder on disk (workspaceFolders, else rootUri, else the deprecated rootPath)."""
    uris = [f.uri for f in params.workspace_folders or []] + ([params.root_uri] if params.root_uri else [])
    for uri in uris:
        if uri.startswith("file:"):
            return path_of(uri)
    return params.root_path or None


def setup(server: PyascServer) -> None:
    @server.feature(types.INITIALIZE)
    @guarded("initialize")
    def initialize(params: types.InitializeParams) -> None:
        server.loop = asyncio.get_running_loop()
        server.pull_diagnostics = server.capability("text_document.diagnostic") is not None
        if server.capability("workspace.configuration", False):
            # asked for at initialized (features.configuration), which sets it; made here, before any didOpen
            server.settings_fetched = asyncio.Event()
        for message in server.settings.set_initialization_options(params.initialization_options):
            server.show_message_threadsafe(message, types.MessageType.Warning)
        server.docs.debounce = server.settings.options.debounce_ms / 1000
        server.docs.cpp_delay = server.settings.options.cpp_delay_ms / 1000
        server.warm_up()  # already queued at start by `python -m pyasc_lsp`; here for servers made otherwise
        worker = server.worker
        root = _root(params)
        if worker is not None and not worker.closed and root is not None:
            # the kernel files on disk, analyzed in the start-up worker while the client finishes the handshake
            worker.prefetch(root, server.settings.analysis_layer())
        logger.info("pyasc-lsp: %s diagnostics, %s positions", "pull" if server.pull_diagnostics else "push",
                    server.encoding)

    @server.feature(types.SHUTDOWN)
    @guarded("shutdown")
    def shutdown(params: None) -> None:
        server.docs.shutdown()
        tier = server.cpp_tier
        if tier is not None:
            # Closing the C++ pool waits for a running clang-tidy; the shutdown answer must not.
            threading.Thread(target=tier.shutdown, name="pyasc-cpp-close", daemon=True).start()
        if server.worker is not None:  # waits for an analysis in flight: off the event loop, too
            threading.Thread(target=server.worker.close, name="pyasc-worker-close", daemon=True).start()
