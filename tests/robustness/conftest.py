"""Fixtures of the robustness tests: a real server process per test module, driven over raw stdio."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fuzz.jsonrpc import LspProcess
from fuzz.servers import start_server, stop_server


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("robust")


@pytest.fixture(scope="module")
def server(root: Path) -> Iterator[LspProcess]:
    """A UTF-16 server shared by the tests of a module; it must still exit cleanly (code 0) at the end."""
    srv = start_server(root, "utf-16")
    yield srv
    stop_server(srv)


@pytest.fixture
def own_server(root: Path) -> Iterator[LspProcess]:
    """A server of its own, for tests that may leave the connection in a bad state."""
    srv = start_server(root, "utf-16")
    try:
        yield srv
    finally:
        srv.close(timeout=3)
