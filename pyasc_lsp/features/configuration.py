"""Editor settings: fetched after initialize (workspace/configuration, section `pyasc`) and again on
didChangeConfiguration; a saved pyproject.toml is re-read.  Any change re-analyzes every open document."""

from __future__ import annotations

import logging
from typing import Any

from lsprotocol import types

from ..guard import guarded
from ..server import PyascServer
from . import dependents

logger = logging.getLogger(__name__)


async def _fetch(server: PyascServer) -> Any:
    """The client's `pyasc` section, or None when it cannot answer workspace/configuration."""
    if not server.capability("workspace.configuration", False):
        return None
    try:
        root = server.workspace.root_uri
        result = await server.workspace_configuration_async(
            types.ConfigurationParams(items=[types.ConfigurationItem(scope_uri=root, section="pyasc")]))
    except Exception as exc:
        logger.warning("workspace/configuration failed: %r", exc)
        return None
    return result[0] if result else None


def _apply(server: PyascServer, settings: Any) -> None:
    for message in server.settings.set_client_settings(settings):
        server.window_show_message(types.ShowMessageParams(type=types.MessageType.Warning, message=message))
    server.docs.debounce = server.settings.options.debounce_ms / 1000
    server.docs.cpp_delay = server.settings.options.cpp_delay_ms / 1000


def _reanalyze_changed(server: PyascServer, before: dict[str, Any]) -> None:
    """Analyze again the open documents whose Config the fetched settings change.

    The client's answer usually arrives after didOpen, while the first analysis runs; an editor that sends its
    defaults (which change nothing) would otherwise have that analysis dropped and the first diagnostics held back by
    a second one.
    """
    after = server.settings.analysis_layer()
    if after == before:
        return
    changed = []
    for doc in server.docs.all():
        old = server.settings.config_with(doc.path, before)
        if old is None or old != server.settings.config_with(doc.path, after):
            changed.append(doc)
    server.docs.reanalyze(changed)


def setup(server: PyascServer) -> None:
    @server.feature(types.INITIALIZED)
    @guarded("initialized")
    async def initialized(params: types.InitializedParams) -> None:
        dependents.register_watch(server)
        try:
            settings = await _fetch(server)
            if settings is not None:
                before = server.settings.analysis_layer()
                _apply(server, settings)
                _reanalyze_changed(server, before)
        finally:
            if server.settings_fetched is not None:
                server.settings_fetched.set()

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    @guarded("didChangeConfiguration")
    async def did_change_configuration(params: types.DidChangeConfigurationParams) -> None:
        pushed = params.settings
        settings = pushed.get("pyasc") if isinstance(pushed, dict) and isinstance(pushed.get("pyasc"), dict) else None
        if settings is None:
            settings = await _fetch(server)
        server.settings.reset_shown()
        server.settings.forget_pyproject()
        _apply(server, settings or {})
        server.docs.reanalyze_all()

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    @guarded("didChangeWatchedFiles")
    def did_change_watched_files(params: types.DidChangeWatchedFilesParams) -> None:
        if any(change.uri.endswith("pyproject.toml") for change in params.changes):
            server.settings.forget_pyproject()
            server.docs.reanalyze_all()
        else:
            dependents.watched(server, params)
