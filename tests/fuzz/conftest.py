"""Fixtures of the server fuzz: pairs of real server processes (the one under test and a fresh reference) per
negotiated position encoding, shut down cleanly at the end of the module."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .jsonrpc import LspProcess
from .servers import start_server, stop_server


@pytest.fixture(scope="module", params=["utf-16", "utf-8"])
def server_pair(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[
        tuple[LspProcess, LspProcess, Path]]:
    """(server under test, fresh reference server, folder) for one negotiated encoding."""
    root = tmp_path_factory.mktemp(f"fuzz-{request.param}")
    subject = start_server(root, request.param)
    fresh = start_server(root, request.param)
    try:
        yield subject, fresh, root
    finally:
        stop_server(subject)
        stop_server(fresh)
