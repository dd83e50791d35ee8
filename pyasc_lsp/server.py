"""Wiring: the server object, its shared state, and the ordered list of features set up on it.

No handler lives here; each LSP feature is one module of `pyasc_lsp.features` with a `setup(server)`.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.capabilities import get_capability
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from . import __version__
from .config import Settings
from .convert import Positions
from .workspace import Documents

logger = logging.getLogger("pyasc_lsp")


def _analyze(text: str, path: str, config: Any, cache: Any) -> Any:
    """pyasc's one entry point, imported when first needed so that importing the server stays cheap."""
    from pyasc.compiler.analysis import analyze

    return analyze(text, path, config, cache)


def make_cache() -> Any:
    """The compiler's per-kernel cache (shared by all documents) when it offers one."""
    from pyasc.compiler import analysis

    factory = getattr(analysis, "AnalysisCache", None)
    return factory() if callable(factory) else None


class PyascServer(LanguageServer):
    """The language server with the state its features share."""

    def __init__(self) -> None:
        super().__init__("pyasc-lsp", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.settings = Settings()
        self.docs = Documents(_analyze, self._config_for)
        self.pull_diagnostics = False
        """True when the client asks for diagnostics (textDocument/diagnostic) instead of receiving them."""
        self.loop: asyncio.AbstractEventLoop | None = None
        """The event loop serving the connection (set at initialize)."""
        self.cpp_tier: Any = None
        """The C++ checker front (features.diagnostics.CppTier), set up by the diagnostics feature."""
        self.docs_uri: str | None = None
        """file: URI of docs/diagnostics.md, the target of each diagnostic's codeDescription."""

    # -- shared helpers used by features --------------------------------------------------------------------------
    def _config_for(self, path: str) -> Any:
        cfg, messages = self.settings.config_for(path)
        for m in messages:
            self.show_message_threadsafe(m, types.MessageType.Warning)
        return cfg

    def call_on_loop(self, fn: Any, *args: Any) -> None:
        """Run `fn(*args)` on the event loop thread (protocol writes are not thread-safe)."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            fn(*args)
        else:
            loop.call_soon_threadsafe(fn, *args)

    def show_message_threadsafe(self, message: str, kind: types.MessageType) -> None:
        """window/showMessage from any thread."""
        self.call_on_loop(self.window_show_message, types.ShowMessageParams(type=kind, message=message))

    @property
    def encoding(self) -> str:
        try:
            enc = self.workspace.position_encoding or types.PositionEncodingKind.Utf16
        except RuntimeError:
            enc = types.PositionEncodingKind.Utf16
        return str(getattr(enc, "value", enc))

    def positions(self, text: str) -> Positions:
        return Positions(text, self.encoding)

    def capability(self, path: str, default: Any = None) -> Any:
        return get_capability(self.client_capabilities, path, default)

    def markdown_ok(self, path: str) -> bool:
        """Whether the client renders markdown for the capability at `path` (a list of MarkupKinds)."""
        formats = self.capability(path, []) or []
        return types.MarkupKind.Markdown in formats


def path_of(uri: str) -> str:
    """Filesystem path of a URI; other schemes (untitled:) keep the URI as the analysis path."""
    return to_fs_path(uri) or uri


def find_docs() -> Path:
    """docs/diagnostics.md of the source tree when the server runs from one, else a generated copy in the cache.

    Both are the same text (`make docs` generates the repository file from the code table), so links always work,
    whether pyasc is installed from a checkout or from a wheel that ships no docs folder.
    """
    import os

    repo_doc = Path(__file__).resolve().parents[1] / "docs" / "diagnostics.md"
    if repo_doc.is_file():
        return repo_doc
    from pyasc.compiler.codes import docs_markdown

    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pyasc" / "docs"
    target = cache / "diagnostics.md"
    text = docs_markdown()
    try:
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            cache.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    except OSError:
        logger.warning("cannot write %s; diagnostic links point at a missing file", target)
    return target


def create_server() -> PyascServer:
    """A server with every feature set up, in the order of `features.FEATURES`."""
    from .features import FEATURES

    server = PyascServer()
    for module in FEATURES:
        try:
            module.setup(server)
        except Exception:  # a feature that cannot start is left out; the others still serve
            logger.exception("Error setting up feature '%s'", module.__name__)
    return server
