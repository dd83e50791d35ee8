"""Start-up runs with the cyclic collector off (pyasc_lsp.__main__); once the first diagnostics are out the server
collects once, freezes what start-up allocated and switches the collector back on, with or without the start-up
worker, and a collector that was off before the server started stays off."""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fuzz.jsonrpc import LspProcess
from fuzz.servers import NO_CPP

from pyasc_lsp import prefork
from pyasc_lsp.features import create_server

from .samples import ADD

ENDED = "start-up ended: "


@pytest.fixture
def collector_restored() -> Iterator[None]:
    was = gc.isenabled()
    yield
    gc.unfreeze()
    (gc.enable if was else gc.disable)()


@pytest.mark.usefixtures("collector_restored")
@pytest.mark.parametrize("collecting", [True, False])
def test_end_of_start_up_restores_the_collector_once(collecting: bool) -> None:
    server = create_server()
    server.collect_after_start = collecting
    gc.disable()
    server.end_start_up()
    assert gc.isenabled() is collecting
    assert gc.get_freeze_count() > 0, "what start-up allocated is out of the collector's passes"
    gc.disable()
    server.end_start_up()  # once only: a second call leaves the collector alone
    assert not gc.isenabled()


def _ended_line(server: LspProcess, timeout: float = 60.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        log = server.stderr_path.read_text(encoding="utf-8", errors="replace")
        if ENDED in log:
            return log.split(ENDED, 1)[1].split("\n", 1)[0]
        time.sleep(0.05)
    raise AssertionError(f"no '{ENDED}' in the log: {server.stderr_tail()}")


@pytest.mark.parametrize("fork", ["0", "1"])
def test_server_switches_the_collector_back_on_after_its_first_diagnostics(tmp_path: Path, fork: str) -> None:
    path = tmp_path / "k.py"
    path.write_text(ADD, encoding="utf-8")
    server = LspProcess(tmp_path, log_level="DEBUG", env={prefork.ENV_SWITCH: fork, prefork.ENV_WAIT: "600"})
    try:
        server.initialize(tmp_path, init_options=NO_CPP)
        server.open(path.as_uri(), ADD)
        assert server.wait_published(path.as_uri(), 1) == []
        line = _ended_line(server)
        assert line.endswith("collector on"), line
    finally:
        assert server.close() == 0
