"""A pytest plugin for CANN's own test suite, run with CANN's venv by corpus.py: records what CANN's tracer says.

Loaded with ``-p cann_corpus_plugin`` (this folder on PYTHONPATH); importing cann_oracle installs its patches (the
tracer stops after CANN's passes and translation).  Each test's traces go as one JSON line to $PYASC_CORPUS_OUT.
Never imported by the product, by our pyasc, or by our test suite.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import cann_oracle  # noqa: F401  (installs the patches)
import pytest
from asc.runtime import config as cann_config


def pytest_configure(config: Any) -> None:
    cann_config.set_platform(cann_config.Backend.Model, check=False)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    del cann_oracle._traces[:]
    yield
    record = {"file": str(item.path), "test": item.nodeid, "traces": list(cann_oracle._traces)}
    with open(os.environ["PYASC_CORPUS_OUT"], "a", encoding="utf-8") as out:
        out.write(json.dumps(record) + "\n")
