"""Fixtures of the language-server tests: module-scoped servers for the VS Code (push diagnostics, UTF-16) and
Neovim (pull diagnostics, UTF-8) capability sets; protocol mistakes fail these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from pytest_lsp import client_capabilities

from .helpers import CONFIG, RecordingClient, start


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Protocol mistakes (results the client's capabilities do not allow) fail the language-server tests."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.filterwarnings("error::pytest_lsp.LspSpecificationWarning"))


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("lsp")


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def vscode(lsp_client: RecordingClient, workdir: Path):
    """A server driven with VS Code's capabilities: push diagnostics, UTF-16 positions."""
    await start(lsp_client, client_capabilities("visual-studio-code"), workdir)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def neovim(lsp_client: RecordingClient, workdir: Path):
    """A server driven with Neovim's capabilities: pull diagnostics, UTF-8 positions."""
    await start(lsp_client, client_capabilities("neovim"), workdir)
    yield
    await lsp_client.shutdown_session()


