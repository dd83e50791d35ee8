"""One module per LSP feature, each with `setup(server)`, and `create_server`, which sets them up in order.

The order matters: logging first so that the others' setup is reported, lifecycle before anything that reads client
capabilities, sync before the features that read documents, warm_start after diagnostics (its listener runs after
the publish), dependents after both."""

from __future__ import annotations

import logging
from types import ModuleType

from ..server import PyascServer
from . import (
    code_actions,
    completion,
    configuration,
    definition,
    dependents,
    diagnostics,
    document_symbols,
    generated_code,
    hover,
    inlay_hints,
    lifecycle,
    logs,
    references,
    rename,
    signature_help,
    sync,
    warm_start,
)

FEATURES: list[ModuleType] = [
    logs,
    lifecycle,
    configuration,
    sync,
    diagnostics,
    warm_start,
    dependents,
    generated_code,
    hover,
    completion,
    signature_help,
    definition,
    references,
    rename,
    document_symbols,
    code_actions,
    inlay_hints,
]


def create_server() -> PyascServer:
    """A server with every feature set up, in the order of `FEATURES`."""
    server = PyascServer()
    for module in FEATURES:
        try:
            module.setup(server)
        except Exception:  # a feature that cannot start is left out; the others still serve
            logging.getLogger("pyasc_lsp").exception("Error setting up feature '%s'", module.__name__)
    return server
