"""Options shared by the test folders: golden files are compared, never written, unless --update-goldens is given."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

# Every property test of the suite, unless it says otherwise: no per-example time limit (hypothesis's default 200 ms
# deadline is a wall-clock threshold that fails on a busy machine), examples derived from the test (reproducible in
# CI) and no example database (it would be written into the repository).
settings.register_profile("pyasc", deadline=None, derandomize=True, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("pyasc")

# The language server's persistent store of diagnostics is off for the whole suite (servers started by tests, in
# this process or as children, would otherwise write into the user's cache, and one test's stored results could be
# published in another's session); tests/lsp/test_warm_start.py turns it on in a temporary folder.
os.environ["PYASC_LSP_CACHE"] = "0"
os.environ["PYASC_LSP_CODE_CACHE"] = "0"  # likewise the byte code kept across starts (pyasc_lsp.codecache)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-goldens", action="store_true",
                     help="rewrite the golden files (tests/compiler/goldens, tests/differential/goldens)")
    parser.addoption("--real-headers", default=None, metavar="FLAGS_FILE",
                     help="g++ flags of the real Ascend C headers (as /tmp/realflags): the differential suite then "
                          "compiles CANN's C++ to check its bisheng-rejects verdicts (also PYASC_REAL_HEADERS)")


@pytest.fixture
def update_goldens(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-goldens"))
